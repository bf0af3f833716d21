# 실수: K 를 전치하지 않고 view 로 [d_k, S_k] 모양만 바꿔 곱해, 값의 자리가 섞임
# mistake: reshapes K to [d_k, S_k] with view instead of transposing it, so the entries are scrambled
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    K_t = K.view(*K.shape[:-2], K.shape[-1], K.shape[-2])
    return Q @ K_t
