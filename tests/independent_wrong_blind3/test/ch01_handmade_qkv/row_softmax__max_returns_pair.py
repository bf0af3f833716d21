# 실수: torch.max(dim=…) 가 돌려주는 (값, 위치) 쌍을 그대로 빼려 함
# mistake: subtracts the (values, indices) pair that torch.max(dim=...) returns
import torch

def row_softmax(scores):
    row_max = torch.max(scores, dim=-1, keepdim=True)
    e = torch.exp(scores - row_max)
    return e / e.sum(dim=-1, keepdim=True)
