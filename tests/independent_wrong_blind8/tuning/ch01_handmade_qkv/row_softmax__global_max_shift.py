# 실수: 줄마다가 아니라 텐서 전체의 최댓값 하나를 빼서, 최댓값이 훨씬 작은 줄은 exp 가 모두 0 이 되어 nan 이 남
# mistake: subtracts one maximum of the whole tensor instead of each row's, so rows far below it underflow to all zeros and give nan
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    biggest = scores.max()          # 가장 큰 값 빼기
    shifted = scores - biggest
    exps = torch.exp(shifted)
    total = exps.sum(dim=-1, keepdim=True)
    return exps / total
