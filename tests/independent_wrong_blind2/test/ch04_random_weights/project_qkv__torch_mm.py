# 실수: torch.mm 은 2차원끼리만 곱해서, 문장 축이 붙은 X [B, S, d_in] 에서 오류가 납니다.
# mistake: torch.mm only multiplies 2-D matrices, so it fails on a batched X [B, S, d_in].
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return torch.mm(X, Wq), torch.mm(X, Wk), torch.mm(X, Wv)
