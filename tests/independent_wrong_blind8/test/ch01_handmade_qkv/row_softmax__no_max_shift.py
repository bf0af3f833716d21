# 실수: 줄의 최댓값을 빼지 않고 바로 exp 를 해서 큰 점수에서 inf/nan 이 나옴
# mistake: applies exp without subtracting the row maximum, so large scores overflow to inf/nan
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    e = torch.exp(scores)
    return e / e.sum(dim=-1, keepdim=True)
