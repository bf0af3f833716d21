# 실수: 줄의 합이 아니라 텐서 전체의 합으로 나눠서, 표 전체의 합이 1 이 되고 줄마다의 합은 1 이 아닙니다.
# mistake: Divides by the sum of the whole tensor instead of each row's sum, so the whole table sums to 1 rather than each row.
import torch

def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum()
