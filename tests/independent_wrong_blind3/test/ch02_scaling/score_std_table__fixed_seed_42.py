# 실수: 인자 seed 대신 강의의 42 로 씨앗을 줌
# mistake: seeds with the lecture's 42 instead of the seed argument
import pandas as pd
import numpy as np

def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(42)
    table_rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        att = (q * k).sum(axis=1)
        table_rows.append([d_k, np.sqrt(d_k), att.std().round(2), (att / np.sqrt(d_k)).std().round(2)])
    return pd.DataFrame(table_rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
