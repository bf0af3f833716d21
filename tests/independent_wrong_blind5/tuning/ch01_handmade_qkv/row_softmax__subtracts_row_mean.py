# 실수: 줄의 최댓값 대신 평균을 빼서, 점수 차가 큰 줄에서 exp 가 넘쳐 nan 이 됨
# mistake: subtracts the row mean instead of the row max, so exp overflows to nan on rows with widely spread scores
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    centred = scores - scores.mean(dim=-1, keepdim=True)
    exps = torch.exp(centred)
    return exps / exps.sum(dim=-1, keepdim=True)
