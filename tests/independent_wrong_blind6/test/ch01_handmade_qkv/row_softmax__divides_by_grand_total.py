# 실수: sum 에 dim 을 주지 않아, 줄의 합이 아니라 텐서 전체의 합으로 나눔
# mistake: calls sum() without dim, so it divides by the sum of the whole tensor instead of each row's sum
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    mx = scores.amax(dim=-1, keepdim=True)
    ex = torch.exp(scores - mx)
    return ex / ex.sum()
