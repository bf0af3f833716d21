# 실수: torch.max(scores, dim=-1, keepdim=True) 가 돌려주는 (values, indices) 쌍을 그대로 빼려 해서 오류가 남
# mistake: subtracts the (values, indices) pair that torch.max(scores, dim=-1, keepdim=True) returns, which raises
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    row_max = torch.max(scores, dim=-1, keepdim=True)
    exps = torch.exp(scores - row_max)
    return exps / exps.sum(dim=-1, keepdim=True)
