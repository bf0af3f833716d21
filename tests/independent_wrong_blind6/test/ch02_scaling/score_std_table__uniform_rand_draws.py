# 실수: 표준 정규 난수 randn 대신 0–1 균등 난수 np.random.rand 로 q 와 k 를 뽑음
# mistake: draws q and k with np.random.rand (uniform on [0, 1)) instead of the standard normal randn
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    table = {"d_k": [], "√d_k": [], "점수 표준편차": [], "나눈 뒤 표준편차": []}
    for d_k in dims:
        q = np.random.rand(n_pairs, d_k)
        k = np.random.rand(n_pairs, d_k)
        dots = np.sum(q * k, axis=1)
        table["d_k"].append(d_k)
        table["√d_k"].append(np.sqrt(d_k))
        table["점수 표준편차"].append(dots.std().round(2))
        table["나눈 뒤 표준편차"].append((dots / d_k ** 0.5).std().round(2))
    return pd.DataFrame(table)
