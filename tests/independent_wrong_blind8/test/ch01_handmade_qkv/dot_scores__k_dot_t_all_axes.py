# 실수: K.T 로 전치해 모든 축을 뒤집으므로 배치 축이 붙은 입력에서 오류가 남 (마지막 두 축만 전치해야 함)
# mistake: transposes K with K.T, which reverses every axis, so inputs with batch axes fail (only the last two axes should be swapped)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return Q @ K.T
