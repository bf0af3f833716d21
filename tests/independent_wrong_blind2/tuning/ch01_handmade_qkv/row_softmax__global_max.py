# 실수: 줄마다의 최댓값이 아니라 표 전체의 최댓값 하나를 뺍니다. 다른 줄보다 점수가 아주 작은 줄은 exp 가 모두 0 이 되어 0/0 = nan 이 납니다.
# mistake: One maximum of the whole table is subtracted instead of each row's maximum; a row far below the others underflows to all zeros and gives 0/0 = nan.
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    exps = torch.exp(scores - scores.max())
    return exps / exps.sum(dim=-1, keepdim=True)
