# 실수: pandas Series 의 .std() 를 써서 n 이 아니라 n − 1 로 나눈 표본 표준편차를 잼
# mistake: uses the pandas Series .std(), the sample standard deviation dividing by n − 1 instead of n
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    table = pd.DataFrame(columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
    for i, d_k in enumerate(dims):
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = pd.Series(np.einsum("ij,ij->i", q, k))
        table.loc[i] = [d_k, np.sqrt(d_k), round(scores.std(), 2), round((scores / np.sqrt(d_k)).std(), 2)]
    return table
