# 실수: 표준편차 `.std()` 대신 분산 `.var()` 를 잽니다
# mistake: measures the variance .var() instead of the standard deviation .std()
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    out = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = np.einsum("nd,nd->n", q, k)
        out.append((d_k, np.sqrt(d_k), scores.var().round(2), (scores / np.sqrt(d_k)).var().round(2)))
    return pd.DataFrame(out, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
