# 실수: 곱하는 순서를 바꿔 K·Qᵀ 를 계산했습니다. 줄이 Key, 열이 Query 인 뒤집힌 점수표가 됩니다.
# mistake: The product is taken the other way round (K·Qᵀ), giving a transposed table whose rows are keys and columns queries.
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return K @ Q.transpose(-2, -1)
