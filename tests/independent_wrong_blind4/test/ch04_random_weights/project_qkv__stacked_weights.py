# 실수: 세 가중치를 torch.stack 으로 묶어 한 번에 곱해 Wv 의 폭이 다르면 오류
# mistake: stacks the three weights to multiply once, which fails when Wv has another width
import math

import torch  # 텐서


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    W = torch.stack([Wq, Wk, Wv])
    Q, K, V = (X.unsqueeze(-3) @ W).unbind(-3)
    return Q, K, V
