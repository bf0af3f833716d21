# 실수: 튜플의 순서를 바꿔 (나눈 뒤, 나누기 전) 으로 돌려줍니다
# mistake: returns the pair in the order (after, before)
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    scores = torch.matmul(Q, K.transpose(-2, -1))
    scaled = scores / math.sqrt(Q.size(-1))
    mean_abs = lambda t: t.abs().mean().item()
    return mean_abs(scaled), mean_abs(scores)
