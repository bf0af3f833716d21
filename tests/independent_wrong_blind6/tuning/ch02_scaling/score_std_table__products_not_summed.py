# 실수: q * k 의 칸별 곱을 줄마다 더하지 않아, 내적이 아닌 n_pairs·d_k 개 곱의 표준편차를 잼
# mistake: never sums q * k along each row, so it measures the std of n_pairs·d_k single products rather than of the dot products
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
        score = q * k
        out.append((d_k, np.sqrt(d_k), score.std().round(2), (score / d_k ** 0.5).std().round(2)))
    return pd.DataFrame(out, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
