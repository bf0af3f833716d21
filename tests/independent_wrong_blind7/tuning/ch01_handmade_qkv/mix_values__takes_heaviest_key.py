# 실수: 비율대로 섞지 않고 줄마다 비율이 가장 큰 Key 하나의 V 줄만 골라 옵니다 (argmax 로 한 칸만 1)
# mistake: does not mix by the weights but takes only the V row of each row's heaviest key (a one-hot argmax)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    # 비율이 가장 큰 Key 하나만 고른다
    pick = torch.zeros_like(weights)
    pick.scatter_(-1, weights.argmax(dim=-1, keepdim=True), 1.0)
    return pick @ V
