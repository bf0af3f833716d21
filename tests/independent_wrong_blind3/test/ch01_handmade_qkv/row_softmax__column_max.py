# 실수: 최댓값을 줄이 아니라 열(dim=0)마다 구해서 뺌
# mistake: subtracts the maximum of each column (dim=0) instead of each row
import torch

def row_softmax(scores):
    shifted = scores - scores.amax(dim=0, keepdim=True)
    e = torch.exp(shifted)
    return e / e.sum(dim=-1, keepdim=True)
