# 실수: 같은 줄끼리의 내적 n_pairs 개가 아니라 q @ k.T 로 모든 q 와 모든 k 의 내적 표 [n_pairs, n_pairs] 의 표준편차를 잼
# mistake: measures the std of q @ k.T, the table of every q against every k [n_pairs, n_pairs], instead of the n_pairs dot products of matching rows
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = q @ k.T   # 내적
        after = scores / np.sqrt(d_k)
        rows.append((d_k, np.sqrt(d_k), scores.std().round(2), after.std().round(2)))
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
