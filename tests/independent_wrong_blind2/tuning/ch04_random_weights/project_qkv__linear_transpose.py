# 실수: nn.Linear 처럼 가중치를 전치해 X @ W.T 로 곱했습니다. 이 과제의 가중치는 [d_in, d_out] 이라 전치하지 않고 X @ W 입니다.
# mistake: The weights are transposed as for nn.Linear (X @ W.T); here they are [d_in, d_out] and are used untransposed, X @ W.
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = X @ Wq.T
    K = X @ Wk.T
    V = X @ Wv.T
    return Q, K, V
