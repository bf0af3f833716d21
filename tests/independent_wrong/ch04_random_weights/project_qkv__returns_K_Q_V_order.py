# 실수: 세 값은 맞지만 (Q, K, V) 가 아니라 (K, Q, V) 순서로 돌려줍니다.
# mistake: Returns the right three tensors in the wrong order, (K, Q, V).
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    return K, Q, V
