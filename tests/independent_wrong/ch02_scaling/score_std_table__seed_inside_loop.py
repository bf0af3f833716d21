# 실수: np.random.seed(seed) 를 반복문 안에서 d_k 마다 다시 불러, 강의처럼 한 번 심은 난수의 흐름을 잇지 않습니다.
# mistake: Calls np.random.seed(seed) inside the loop (once per d_k) instead of once before it.
import pandas as pd
import numpy as np


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    rows = []
    for d_k in dims:
        np.random.seed(seed)
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dot = np.sum(q * k, axis=1)
        rows.append([d_k, d_k ** 0.5, dot.std().round(2), (dot / d_k ** 0.5).std().round(2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
