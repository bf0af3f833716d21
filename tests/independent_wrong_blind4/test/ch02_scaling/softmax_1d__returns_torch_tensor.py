# 실수: torch.softmax 로 계산하고 numpy 로 돌려놓지 않아 텐서를 돌려줌
# mistake: computes with torch.softmax and returns the torch tensor instead of a numpy array
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    return torch.softmax(torch.from_numpy(x), dim=0)
