# 실수: 최댓값을 빼지 않고 exp 한 뒤 nan 을 torch.nan_to_num 으로 0 으로 덮어, 큰 점수의 줄이 틀림
# mistake: exponentiates without subtracting the row max and patches the resulting nan with torch.nan_to_num, so rows of large scores come out wrong
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    e = scores.exp()
    out = e / e.sum(dim=-1, keepdim=True)
    return torch.nan_to_num(out)  # nan 이 나오면 0 으로
