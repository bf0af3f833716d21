# 실수: 투영한 Q, K, V 를 √d_in 으로 한 번 더 나눔 (작은 초기값과 혼동)
# mistake: divides the projections by √d_in once more (mixing it up with the small initial weights)
import math

import torch  # 텐서


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    root = math.sqrt(X.shape[-1])
    return X @ Wq / root, X @ Wk / root, X @ Wv / root
