import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    # scores: (..., S); everything below reduces over axis -1 and keeps it as size 1
    m = scores.max(axis=-1, keepdims=True).values      # (..., 1)
    z = torch.exp(scores - m)                          # (..., S), largest entry per row is exp(0) = 1
    denom = z.sum(axis=-1, keepdims=True)              # (..., 1), >= 1 so never 0
    return z / denom                                   # (..., S)
