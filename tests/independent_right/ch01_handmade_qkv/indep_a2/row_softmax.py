import torch


def row_softmax(scores):
    # subtract max per row first -> exp never overflows
    m = torch.amax(scores, axis=-1, keepdims=True)
    ex = torch.exp(scores - m)
    total = torch.sum(ex, axis=-1, keepdims=True)
    return ex / total
