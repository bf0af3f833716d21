# 실수: 2강처럼 점수의 표준편차를 재어, 평균 |점수| 가 아닌 값을 돌려줌
# mistake: measures the standard deviation of the scores (as in ch02) instead of the mean absolute score
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    scores = Q @ K.mT
    before = scores.std().item()
    after = (scores / math.sqrt(Q.shape[-1])).std().item()
    return before, after
