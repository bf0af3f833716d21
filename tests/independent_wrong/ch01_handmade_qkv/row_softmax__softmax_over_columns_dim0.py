# 실수: softmax 를 dim=0 (세로, 열마다)으로 계산해서 줄마다 합이 1 이 되지 않습니다.
# mistake: Does the softmax along dim=0 (down the columns) instead of the last dim, so rows do not sum to 1.
import torch

def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    shifted = scores - scores.amax(dim=0, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=0, keepdim=True)
