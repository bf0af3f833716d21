# 실수: 최댓값을 빼지 않고 바로 exp 를 해 큰 점수에서 inf/nan
# mistake: takes exp without subtracting the row maximum, so large scores give inf/nan
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    e = torch.exp(scores)
    return e / e.sum(dim=-1, keepdim=True)
