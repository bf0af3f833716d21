# 실수: exp 는 맞게 했지만 줄의 합이 아니라 열의 합 (dim=-2) 으로 나눔
# mistake: the exps are right but are divided by the column sums (dim=-2) instead of the row sums
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-2, keepdim=True)
