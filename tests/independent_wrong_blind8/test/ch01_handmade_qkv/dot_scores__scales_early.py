# 실수: 점수표를 만들면서 √d_k 로 미리 나눠 Q·Kᵀ 가 아니라 Q·Kᵀ/√d_k 를 돌려줌 (2단계를 1단계에 섞음)
# mistake: already divides by √d_k, returning Q·Kᵀ/√d_k instead of Q·Kᵀ (mixes step 2 into step 1)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    d_k = Q.shape[-1]
    raw = Q @ K.transpose(-2, -1)
    return raw / d_k ** 0.5  # 점수가 너무 커지지 않게 바로 나눠 둠
