# 실수: q * k 를 좌표 축 (axis=1) 이 아니라 쌍의 축 (axis=0) 으로 더해, 내적 n_pairs 개 대신 좌표마다의 합 d_k 개의 표준편차를 잽니다
# mistake: sums q * k along the pairs axis (axis=0) instead of the coordinate axis (axis=1), measuring the std of d_k column sums instead of n_pairs dot products
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    records = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dots = np.sum(q * k, axis=0)
        records.append([d_k, np.sqrt(d_k), dots.std().round(2), np.std(dots / d_k ** 0.5).round(2)])
    return pd.DataFrame(records, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
