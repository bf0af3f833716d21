# 실수: 최댓값과 합을 dim=0 으로 구해서 줄이 아니라 첫 축(열이나 배치) 방향으로 합이 1 이 됩니다. dim=-1 이어야 합니다.
# mistake: The maximum and the sum are taken over dim=0, so the values sum to 1 along the first axis instead of along each row (dim=-1).
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    shifted = scores - scores.amax(dim=0, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=0, keepdim=True)
