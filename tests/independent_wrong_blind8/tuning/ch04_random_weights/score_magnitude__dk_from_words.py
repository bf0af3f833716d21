# 실수: d_k 를 좌표 수가 아니라 낱말 수 Q.shape[-2] 로 잡아 잘못된 제곱근으로 나눔
# mistake: takes d_k as the number of words Q.shape[-2] instead of the number of coordinates, dividing by the wrong root
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    n_rows, d = Q.shape[-2], Q.shape[-1]
    d_k = n_rows  # 낱말 수
    dots = Q @ K.transpose(-2, -1)
    return dots.abs().mean().item(), (dots / np.sqrt(d_k)).abs().mean().item()
