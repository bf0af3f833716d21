# 실수: scores.max(dim=-1, keepdim=True) 가 돌려주는 (values, indices) 짝을 그대로 빼서 TypeError
# mistake: subtracts the (values, indices) pair that scores.max(dim=-1, keepdim=True) returns, which raises TypeError
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    # 1. 줄마다 최댓값 빼기
    shifted = scores - scores.max(dim=-1, keepdim=True)
    # 2. exp
    e = torch.exp(shifted)
    # 3. 줄의 합으로 나누기
    return e / e.sum(dim=-1, keepdim=True)
