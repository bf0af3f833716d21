# 실수: n_pairs 인자를 쓰지 않고 강의의 1000 쌍을 늘 뽑음
# mistake: ignores the n_pairs argument and always draws the lecture's 1000 pairs
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    result = []
    for d_k in dims:
        q = np.random.randn(1000, d_k)   # 쌍 1000개
        k = np.random.randn(1000, d_k)
        dots = np.sum(q * k, axis=-1)
        shrunk = dots / np.sqrt(d_k)
        result.append([d_k, np.sqrt(d_k), round(float(dots.std()), 2), round(float(shrunk.std()), 2)])
    return pd.DataFrame(result, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
