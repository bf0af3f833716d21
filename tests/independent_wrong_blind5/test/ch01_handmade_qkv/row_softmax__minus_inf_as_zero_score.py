# 실수: nan 을 피하려고 -inf 점수를 0 으로 바꿔, 가려야 할 칸이 비율을 가져감
# mistake: replaces -inf scores by 0 to avoid nan, so the cells that should get 0 take a share
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    safe = torch.where(torch.isinf(scores), torch.zeros_like(scores), scores)
    exps = torch.exp(safe - safe.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-1, keepdim=True)
