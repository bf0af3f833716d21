# 실수: 합에 keepdim 을 빼서 열 방향으로 나뉨 (정사각 표에서는 오류도 없음)
# mistake: drops keepdim on the row sum, so the division broadcasts along the wrong axis
import torch

def row_softmax(scores):
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    e = torch.exp(shifted)
    return e / e.sum(dim=-1)
