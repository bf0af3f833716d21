# 실수: 절댓값의 평균 대신 합 sum() 을 내므로, 두 값 모두 칸의 수만큼 큽니다
# mistake: sums the absolute scores instead of averaging them, so both values are the number of cells times too large
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    d_k = Q.shape[-1]
    scores = Q @ K.transpose(-2, -1)
    before = scores.abs().sum().item()
    after = (scores / d_k ** 0.5).abs().sum().item()
    return before, after
