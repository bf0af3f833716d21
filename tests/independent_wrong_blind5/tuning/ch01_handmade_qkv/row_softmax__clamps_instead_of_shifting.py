# 실수: 최댓값을 빼지 않고 점수를 80 에서 잘라 exp 의 넘침만 막아, 큰 점수들의 비율이 틀림
# mistake: clamps the scores at 80 to stop exp overflowing instead of subtracting the max, so rows of large scores get wrong ratios
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    exps = torch.exp(scores.clamp(max=80.0))
    return exps / exps.sum(dim=-1, keepdim=True)
