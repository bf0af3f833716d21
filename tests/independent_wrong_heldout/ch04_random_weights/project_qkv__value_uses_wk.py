# 실수: 줄을 복사해 붙이고 고치지 않아 V 도 Wk 로 만듦 (V = X @ Wk)
# mistake: copy-pasted line left unedited, so V is also made with Wk (V = X @ Wk)
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = torch.matmul(X, Wq)
    K = torch.matmul(X, Wk)
    V = torch.matmul(X, Wk)
    return Q, K, V
