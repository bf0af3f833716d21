# 실수: 줄마다가 아니라 표 전체의 최댓값 하나를 빼서 작은 줄이 0/0 이 됨
# mistake: subtracts one maximum of the whole table instead of each row's, so a low row becomes 0/0
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    e = torch.exp(scores - scores.max())
    return e / e.sum(dim=-1, keepdim=True)
