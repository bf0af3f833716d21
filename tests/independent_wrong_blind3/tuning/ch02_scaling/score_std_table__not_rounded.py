# 실수: 표준편차를 소수 둘째 자리로 반올림하지 않음
# mistake: does not round the standard deviations to two decimals
import pandas as pd
import numpy as np

def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    table_rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        att = (q * k).sum(axis=1)
        table_rows.append([d_k, np.sqrt(d_k), att.std(), (att / np.sqrt(d_k)).std()])
    return pd.DataFrame(table_rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
