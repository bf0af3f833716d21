# 실수: 보기 좋게 `set_index('d_k')` 로 d_k 를 행 번호로 옮겨, d_k 열이 빠진 세 열짜리 표를 돌려줍니다
# mistake: moves d_k into the index with set_index('d_k') for display, returning a three-column table without the d_k column
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    table = {"d_k": [], "√d_k": [], "점수 표준편차": [], "나눈 뒤 표준편차": []}
    for d in dims:
        q = np.random.randn(n_pairs, d)
        k = np.random.randn(n_pairs, d)
        dots = np.sum(q * k, axis=-1)
        table["d_k"].append(d)
        table["√d_k"].append(np.sqrt(d))
        table["점수 표준편차"].append(dots.std().round(2))
        table["나눈 뒤 표준편차"].append((dots / np.sqrt(d)).std().round(2))
    return pd.DataFrame(table).set_index("d_k")   # d_k 를 행 이름으로
