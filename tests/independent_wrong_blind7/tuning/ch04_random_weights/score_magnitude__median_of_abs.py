# 실수: 절댓값의 평균 대신 중앙값 median() 을 잽니다
# mistake: measures the median of the absolute scores instead of their mean
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    s = Q @ K.transpose(-2, -1)
    scaled = s / math.sqrt(Q.shape[-1])
    return s.abs().median().item(), scaled.abs().median().item()
