# 실수: pandas Series 의 std (ddof=1, n − 1 로 나눔)로 잼
# mistake: measures with pandas' Series.std, which divides by n − 1
import pandas as pd
import numpy as np

def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    table_rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        att = (q * k).sum(axis=1)
        table_rows.append([d_k, np.sqrt(d_k), round(pd.Series(att).std(), 2), round(pd.Series(att / np.sqrt(d_k)).std(), 2)])
    return pd.DataFrame(table_rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
