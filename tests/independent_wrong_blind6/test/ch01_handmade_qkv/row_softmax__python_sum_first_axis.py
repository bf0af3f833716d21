# 실수: 파이썬 내장 sum 을 텐서에 써서 첫 축을 따라 더한 값(열의 합)으로 나눔
# mistake: divides by Python's built-in sum of the tensor, which adds along the first axis (column sums), not per row
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    biggest = scores.amax(dim=-1, keepdim=True)
    ex = torch.exp(scores - biggest)
    return ex / sum(ex)
