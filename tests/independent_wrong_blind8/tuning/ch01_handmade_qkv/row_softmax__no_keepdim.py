# 실수: keepdim 없이 줄 최댓값과 줄 합을 구해 브로드캐스트가 열 방향으로 맞춰져 칸마다 다른 줄의 값으로 빼고 나눔
# mistake: takes the row max and row sum without keepdim, so broadcasting lines them up with columns and each cell uses another row's values
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    m = scores.amax(dim=-1)
    e = torch.exp(scores - m)
    return e / e.sum(dim=-1)
