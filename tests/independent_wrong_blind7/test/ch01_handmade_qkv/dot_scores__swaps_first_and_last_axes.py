# 실수: K를 `K.transpose(0, -1)`로 전치해 첫 축과 마지막 축을 바꾸므로, 2차원에서만 맞고 배치 축이 붙으면 오류가 납니다
# mistake: transposes K with K.transpose(0, -1), swapping the first and last axes, so it is right in 2-D only and fails with batch axes
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # K를 뒤집어서 곱한다 (첫 축 <-> 마지막 축)
    K_flipped = K.transpose(0, -1)
    return Q @ K_flipped
