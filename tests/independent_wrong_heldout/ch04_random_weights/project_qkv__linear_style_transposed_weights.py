# 실수: nn.Linear 습관대로 가중치를 전치해 X @ W.T 로 곱함: 가중치가 정사각이라 모양은 맞고 값이 틀림
# mistake: multiplies by W.T as nn.Linear does; the square weights keep the shapes right and the values wrong
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = X @ Wq.T
    K = X @ Wk.T
    V = X @ Wv.T
    return Q, K, V
