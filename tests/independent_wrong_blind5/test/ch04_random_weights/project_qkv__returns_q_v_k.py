# 실수: 튜플을 (Q, V, K) 차례로 돌려줌
# mistake: returns the tuple in the order (Q, V, K)
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = torch.matmul(X, Wq)
    K = torch.matmul(X, Wk)
    V = torch.matmul(X, Wv)
    return Q, V, K
