# 실수: 행을 모은 리스트를 DataFrame 으로 만들지 않고 그대로 돌려줌
# mistake: returns the list of row tuples itself, never building the DataFrame
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    result = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        sc = np.einsum("ij,ij->i", q, k)
        result.append((d_k, np.sqrt(d_k), sc.std().round(2), (sc / d_k ** 0.5).std().round(2)))
    return result
