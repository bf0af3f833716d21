# 실수: 나눈 뒤 표준편차를, 나눈 점수에서 재지 않고 이미 반올림한 표준편차를 √d_k 로 나눠 (다시 반올림하지 않고) 적습니다
# mistake: gets the after-std by dividing the already rounded std by √d_k (not rounded again) instead of measuring the divided scores
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    lines = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        before = (q * k).sum(axis=1).std().round(2)
        after = before / np.sqrt(d_k)     # 표준편차도 √d_k 배로 줄어드니까
        lines.append([d_k, np.sqrt(d_k), before, after])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
