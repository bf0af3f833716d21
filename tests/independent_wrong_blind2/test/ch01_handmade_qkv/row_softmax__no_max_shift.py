# 실수: 줄의 최댓값을 빼지 않고 바로 exp 를 해서, 점수가 크면 inf 끼리 나누어 nan 이 됩니다.
# mistake: exp is taken without subtracting the row maximum first, so large scores overflow and inf/inf gives nan.
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    exps = torch.exp(scores)
    return exps / exps.sum(dim=-1, keepdim=True)
