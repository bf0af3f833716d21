# 실수: 최댓값을 빼고 exp 한 데서 멈추고 줄의 합으로 나누지 않으므로, 줄의 합이 1이 아닙니다
# mistake: stops after subtracting the row max and taking exp, never dividing by the row sum, so rows do not sum to 1
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    m = scores.amax(dim=-1, keepdim=True)
    return torch.exp(scores - m)
