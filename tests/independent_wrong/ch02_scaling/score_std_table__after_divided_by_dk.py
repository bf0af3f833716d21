# 실수: '나눈 뒤 표준편차' 를 √d_k 가 아니라 d_k 로 나눈 점수에서 쟀습니다.
# mistake: The '나눈 뒤 표준편차' column divides the logits by d_k instead of √d_k.
import pandas as pd
import numpy as np


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        logits = np.sum(q * k, axis=1)
        rows.append([d_k, d_k ** 0.5, logits.std().round(2), (logits / d_k).std().round(2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
