# 실수: np.random.seed 대신 np.random.default_rng(seed) 로 뽑음 (다른 난수열)
# mistake: draws from np.random.default_rng(seed), a different stream than np.random.seed
import pandas as pd
import numpy as np

def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    rng = np.random.default_rng(seed)
    table_rows = []
    for d_k in dims:
        q = rng.standard_normal((n_pairs, d_k))
        k = rng.standard_normal((n_pairs, d_k))
        att = (q * k).sum(axis=1)
        table_rows.append([d_k, np.sqrt(d_k), att.std().round(2), (att / np.sqrt(d_k)).std().round(2)])
    return pd.DataFrame(table_rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
