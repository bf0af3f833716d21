# 실수: 점수처럼 섞은 결과도 √d_v 로 나누므로, 모든 값이 맞는 값의 1/√d_v 배입니다
# mistake: divides the mixed result by √d_v as it did the scores, so every value is 1/√d_v times the right one
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    d_v = V.shape[-1]
    mixed = weights @ V
    return mixed / d_v ** 0.5    # 점수처럼 내용도 √d_v로 줄이기
