# 실수: dim=0 으로 계산해서 줄마다가 아니라 열마다(세로로) 합이 1 이 됩니다.
# mistake: normalises along dim=0, so each column (not each row) sums to 1.
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    exps = torch.exp(scores - scores.amax(dim=0, keepdim=True))
    return exps / exps.sum(dim=0, keepdim=True)
