# 실수: 최댓값을 빼지 않고, 줄의 합도 keepdim 없이 나눔
# mistake: no maximum subtracted, and the row sum divided without keepdim
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    return torch.exp(scores) / torch.exp(scores).sum(dim=-1)
