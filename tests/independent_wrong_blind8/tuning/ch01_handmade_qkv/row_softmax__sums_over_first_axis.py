# 실수: 최댓값과 합을 마지막 축이 아니라 첫 축(dim=0)으로 구해 줄이 아니라 열마다 합이 1 이 됨
# mistake: takes the max and the sum over the first axis (dim=0) instead of the last, so columns rather than rows sum to 1
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    # 1) 최댓값 빼기  2) exp  3) 합으로 나누기
    step1 = scores - scores.amax(dim=0, keepdim=True)
    step2 = torch.exp(step1)
    step3 = step2 / step2.sum(dim=0, keepdim=True)
    return step3
