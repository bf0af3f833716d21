# 실수: torch.max(..., dim=-1) 의 [1] (위치) 을 최댓값인 줄 알고 뺌
# mistake: subtracts item [1] of torch.max(..., dim=-1), the positions, thinking it is the maximum
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    biggest = torch.max(scores, dim=-1, keepdim=True)[1]
    e = torch.exp(scores - biggest)
    return e / e.sum(dim=-1, keepdim=True)
