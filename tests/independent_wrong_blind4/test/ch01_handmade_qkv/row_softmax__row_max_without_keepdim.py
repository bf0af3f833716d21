# 실수: amax(dim=-1) 에 keepdim 을 빠뜨려 최댓값이 열 방향으로 빠짐
# mistake: leaves keepdim out of amax(dim=-1), so each column loses another row's maximum
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    e = torch.exp(scores - scores.amax(dim=-1))
    return e / e.sum(dim=-1, keepdim=True)
