# 실수: 최댓값을 빼지 않고 바로 exp
# mistake: exponentiates the raw scores without subtracting the row maximum
import torch

def row_softmax(scores):
    e = torch.exp(scores)
    return e / e.sum(dim=-1, keepdim=True)
