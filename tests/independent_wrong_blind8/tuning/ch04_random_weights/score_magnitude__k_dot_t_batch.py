# 실수: K.T 로 전치해 배치 축이 붙은 입력에서 모든 축이 뒤집혀 오류가 남
# mistake: transposes with K.T, which flips every axis and raises for inputs with batch axes
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    raw = Q @ K.T
    d_k = Q.shape[-1]
    return float(raw.abs().mean()), float((raw / d_k ** 0.5).abs().mean())
