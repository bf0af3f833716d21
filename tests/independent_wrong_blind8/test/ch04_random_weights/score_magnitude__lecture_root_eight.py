# 실수: 강의의 d_k = 8 을 박아 늘 √8 로 나눔 (Q.shape[-1] 을 쓰지 않음)
# mistake: hard-codes the lecture's d_k = 8 and always divides by √8 (never uses Q.shape[-1])
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    before = scores.abs().mean().item()
    after = (scores / math.sqrt(8)).abs().mean().item()  # √8 로 나누기
    return before, after
