# 실수: 줄을 복사해 붙이다가 V 도 Wk 로 곱했습니다. 인자 Wv 는 쓰이지 않습니다.
# mistake: a copy-paste slip computes V with Wk as well; the Wv argument is never used.
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = torch.matmul(X, Wq)
    K = torch.matmul(X, Wk)
    V = torch.matmul(X, Wk)
    return Q, K, V
