# 실수: 같은 줄끼리의 내적 n_pairs 개가 아니라 q @ k.T 로 모든 q 와 모든 k 의 점수 n_pairs² 개의 표준편차를 잼
# mistake: takes q @ k.T, the n_pairs × n_pairs table of every q against every k, instead of the n_pairs row-by-row dot products
import pandas as pd
import numpy as np


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    table = {"d_k": [], "√d_k": [], "점수 표준편차": [], "나눈 뒤 표준편차": []}
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = q @ k.T  # 내적 점수
        table["d_k"].append(d_k)
        table["√d_k"].append(np.sqrt(d_k))
        spread = scores.std()
        table["점수 표준편차"].append(round(float(spread), 2))
        table["나눈 뒤 표준편차"].append(round(float(spread / d_k ** 0.5), 2))
    return pd.DataFrame(table)
