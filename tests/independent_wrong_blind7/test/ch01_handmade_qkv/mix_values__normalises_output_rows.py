# 실수: 섞은 결과의 줄마다 합이 1이 되도록 그 줄의 합으로 한 번 더 나눕니다
# mistake: divides each row of the mixed result by its own sum, so that it adds up to 1 like the weights
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    out = weights @ V
    # 섞은 줄도 합이 1이 되도록
    return out / out.sum(dim=-1, keepdim=True)
