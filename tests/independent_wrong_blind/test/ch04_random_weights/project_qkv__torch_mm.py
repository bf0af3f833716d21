# 실수: torch.mm 은 2차원끼리만 곱하므로 문장 축이 붙은 X [문장, 낱말, 좌표] 에서 오류가 납니다.
# mistake: uses torch.mm, which only multiplies 2-D matrices, so a batched X [sentences, words, coords] raises an error.
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return torch.mm(X, Wq), torch.mm(X, Wk), torch.mm(X, Wv)
