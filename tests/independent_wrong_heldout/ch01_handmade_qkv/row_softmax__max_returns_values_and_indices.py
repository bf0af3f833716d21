# 실수: scores.max(dim=-1, keepdim=True) 가 (값, 위치) 묶음을 돌려주는데 .values 없이 그대로 빼서 TypeError
# mistake: subtracts the result of scores.max(dim=-1, keepdim=True), a (values, indices) tuple, without .values, so it raises TypeError
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    top = scores.max(dim=-1, keepdim=True)
    shifted = scores - top
    e = torch.exp(shifted)
    return e / e.sum(dim=-1, keepdim=True)
