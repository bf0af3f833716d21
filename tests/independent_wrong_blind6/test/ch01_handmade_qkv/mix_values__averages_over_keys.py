# 실수: 섞은 결과를 Key 수 S_k 로 한 번 더 나눠 평균을 냄
# mistake: divides the mixed result by the number of keys S_k, taking an average instead of the weighted sum
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    n_keys = V.shape[-2]
    return (weights @ V) / n_keys
