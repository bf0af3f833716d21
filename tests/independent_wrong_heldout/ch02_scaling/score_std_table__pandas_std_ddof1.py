# 실수: 점수를 pandas Series 로 만들어 .std() 를 씀: pandas 의 기본은 n − 1 로 나누는 표준편차 (numpy 의 .std() 와 다름)
# mistake: wraps the scores in a pandas Series and calls .std(), whose default divides by n − 1 (ddof=1), unlike numpy's .std()
import pandas as pd
import numpy as np


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        s = pd.Series((q * k).sum(axis=1))
        root = d_k ** 0.5
        rows.append([d_k, float(root), round(s.std(), 2), round((s / root).std(), 2)])
    names = ["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"]
    return pd.DataFrame(rows, columns=names)
