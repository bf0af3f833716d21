# 실수: 절댓값을 먼저 취하지 않고 평균을 낸 뒤 절댓값을 씌워 양수와 음수가 상쇄됨
# mistake: takes the mean first and the absolute value after, so positive and negative scores cancel
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    d_k = Q.size(-1)
    s = torch.matmul(Q, K.transpose(-2, -1))
    before = abs(s.mean().item())
    after = abs((s / math.sqrt(d_k)).mean().item())
    return before, after
