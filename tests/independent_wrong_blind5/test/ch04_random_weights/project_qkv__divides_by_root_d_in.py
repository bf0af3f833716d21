# 실수: 6절의 작은 가중치와 섞어 세 결과를 모두 √d_in 으로 더 나눔
# mistake: mixes in section 6's small weights and divides all three results by √d_in
import math

import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    scale = math.sqrt(X.shape[-1])
    return X @ Wq / scale, X @ Wk / scale, X @ Wv / scale
