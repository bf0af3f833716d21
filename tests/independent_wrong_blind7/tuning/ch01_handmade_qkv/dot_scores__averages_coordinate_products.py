# 실수: 좌표마다 곱한 값을 더하지 않고 평균을 내므로, 모든 점수가 1/d_k 배가 됩니다
# mistake: averages the coordinate-wise products instead of summing them, so every score is 1/d_k times the right one
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    products = Q[..., :, None, :] * K[..., None, :, :]   # [..., S_q, S_k, d_k]
    return products.mean(dim=-1)   # 좌표마다 곱한 값의 평균
