# 실수: 가중치가 이미 [d_in, d_out] 인데 nn.Linear 처럼 전치해서 X @ W.T 로 곱했습니다.
# mistake: Multiplies by the transposed weights (X @ W.T, nn.Linear habit) although they are already [d_in, d_out].
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return X @ Wq.T, X @ Wk.T, X @ Wv.T
