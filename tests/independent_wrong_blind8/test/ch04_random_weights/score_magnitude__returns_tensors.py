# 실수: .item() 을 하지 않아 파이썬 float 이 아니라 0차원 텐서 두 개를 돌려줌
# mistake: does not call .item(), returning two 0-d tensors instead of Python floats
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    scaled = scores / math.sqrt(Q.shape[-1])
    return scores.abs().mean(), scaled.abs().mean()
