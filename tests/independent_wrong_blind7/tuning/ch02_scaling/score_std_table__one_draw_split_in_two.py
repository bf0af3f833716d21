# 실수: q 와 k 를 따로 뽑지 않고 `randn(n_pairs, 2·d_k)` 하나를 뽑아 반으로 나누므로, 강의와 다른 수가 나옵니다
# mistake: draws one randn(n_pairs, 2·d_k) and splits it in half instead of drawing q and then k, so the numbers differ from the lecture's
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    np.random.seed(seed)
    results = []
    for d_k in dims:
        both = np.random.randn(n_pairs, 2 * d_k)   # q 와 k 를 한꺼번에
        q, k = both[:, :d_k], both[:, d_k:]
        prod = np.einsum("ij,ij->i", q, k)
        results.append((d_k, np.sqrt(d_k), prod.std().round(2), np.std(prod / d_k ** 0.5).round(2)))
    return pd.DataFrame(results, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
