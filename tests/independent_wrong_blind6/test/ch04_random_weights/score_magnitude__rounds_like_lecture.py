# 실수: 강의 값처럼 두 평균을 round(…, 2) 로 반올림해 돌려줌
# mistake: rounds both means to two decimals with round(…, 2), like the lecture's numbers
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    s = Q @ K.transpose(-2, -1)
    before = s.abs().mean().item()
    after = (s / math.sqrt(Q.shape[-1])).abs().mean().item()
    return round(before, 2), round(after, 2)
