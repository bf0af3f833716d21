# 실수: X 를 [-1, d_in] 으로 펴서 곱한 뒤 원래 모양으로 되돌리지 않아, 배치 축이 낱말 축과 합쳐진 [B·S, d_out] 이 나옵니다.
# mistake: X is flattened to [-1, d_in] and never reshaped back, so the batch and word axes come out merged as [B·S, d_out].
import torch


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in] 와 [d_in, d_out] → 각각 [..., S, d_out]."""
    flat = X.reshape(-1, X.shape[-1])
    return flat @ Wq, flat @ Wk, flat @ Wv
