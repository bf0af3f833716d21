# 실수: 줄마다 내적하지 않고 q * k 를 배열 전체로 더해 점수가 숫자 하나뿐이라, 표준편차가 0 이 됩니다.
# mistake: Sums q * k over the whole array instead of per row, so there is one score and its std is 0.
import pandas as pd
import numpy as np


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        logits = np.sum(q * k)
        rows.append([d_k, d_k ** 0.5, np.std(logits).round(2), np.std(logits / d_k ** 0.5).round(2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
