# 실수: np.random.seed(seed) 를 반복문 안에서 d_k 마다 다시 불러 강의와 다른 난수를 뽑음
# mistake: calls np.random.seed(seed) inside the loop for every d_k, so the draws differ from the lecture's
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    rows = []
    for d_k in dims:
        np.random.seed(seed)  # 매번 같은 씨앗으로
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dots = np.sum(q * k, axis=1)
        scaled = dots / d_k ** 0.5
        rows.append([d_k, d_k ** 0.5, np.round(np.std(dots), 2), np.round(np.std(scaled), 2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
