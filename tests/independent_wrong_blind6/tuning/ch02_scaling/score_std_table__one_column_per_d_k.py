# 실수: d_k 마다 열을 하나씩 만든 딕셔너리로 DataFrame 을 만들어, 행과 열이 뒤바뀐 표가 됨
# mistake: builds the DataFrame from a dict with one column per d_k, so rows and columns come out swapped
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    cols = {}
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        root = np.sqrt(d_k)
        dot = (q * k).sum(-1)
        cols[d_k] = [d_k, root, dot.std().round(2), (dot / root).std().round(2)]
    return pd.DataFrame(cols, index=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
