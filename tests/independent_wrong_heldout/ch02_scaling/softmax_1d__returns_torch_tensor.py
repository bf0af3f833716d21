# 실수: torch 로 바꿔 계산하고 numpy 배열이 아니라 torch 텐서를 돌려줌
# mistake: converts to torch, computes there and returns a torch tensor instead of a numpy array
import numpy as np
import torch


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    t = torch.from_numpy(np.asarray(x))
    e = torch.exp(t - t.max())
    return e / e.sum()
