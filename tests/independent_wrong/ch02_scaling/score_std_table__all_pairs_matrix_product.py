# 실수: 같은 줄끼리의 내적 n_pairs 개가 아니라 q @ k.T 로 모든 q 와 모든 k 의 짝 (n_pairs² 개) 점수의 표준편차를 쟀습니다.
# mistake: Uses q @ k.T, the logits of every q with every k (n_pairs² of them), instead of the n_pairs row-by-row dot products.
import pandas as pd
import numpy as np


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        logits = q @ k.T
        rows.append([d_k, d_k ** 0.5, logits.std().round(2), (logits / d_k ** 0.5).std().round(2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
