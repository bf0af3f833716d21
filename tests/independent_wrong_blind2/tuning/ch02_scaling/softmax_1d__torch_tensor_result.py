# 실수: torch.softmax 의 결과를 torch 텐서 그대로 돌려줍니다. 이 문제는 numpy 배열을 돌려줘야 합니다.
# mistake: The result of torch.softmax is returned as a torch tensor; this function must return a numpy array.
import numpy as np
import torch


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    return torch.softmax(torch.from_numpy(np.asarray(x)), dim=0)
