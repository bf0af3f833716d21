# 실수: DataFrame 이 아니라 열 이름 → 리스트의 딕셔너리를 돌려줌
# mistake: returns a dict of column lists instead of a DataFrame
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    result = {"d_k": [], "√d_k": [], "점수 표준편차": [], "나눈 뒤 표준편차": []}
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dots = (q * k).sum(axis=1)
        result["d_k"].append(d_k)
        result["√d_k"].append(np.sqrt(d_k))
        result["점수 표준편차"].append(dots.std().round(2))
        result["나눈 뒤 표준편차"].append((dots / d_k ** 0.5).std().round(2))
    return result
