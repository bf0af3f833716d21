# 실수: 가중치를 nn.Linear 처럼 여겨 X @ W.T 로 곱함
# mistake: treats the weights as nn.Linear's and multiplies X @ W.T
import math

import torch  # 텐서


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return X @ Wq.T, X @ Wk.T, X @ Wv.T
