# 실수: 줄의 최댓값을 빼지 않고 바로 exp 를 해서, 점수가 1000 이나 1e9 쯤 되면 inf/inf = nan 이 나옵니다.
# mistake: exponentiates without subtracting the row max, so large scores (1000, 1e9) overflow to inf/inf = nan.
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    exps = torch.exp(scores)
    return exps / exps.sum(dim=-1, keepdim=True)
