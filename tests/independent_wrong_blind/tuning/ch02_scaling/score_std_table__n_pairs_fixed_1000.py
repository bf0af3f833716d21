# 실수: 쌍의 수를 1000 으로 박아 두어 인자 n_pairs 가 계산에 쓰이지 않습니다.
# mistake: draws a fixed 1000 pairs, so the n_pairs parameter never reaches the computation.
import numpy as np
import pandas


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    table = []
    for d_k in dims:
        queries = np.random.randn(1000, d_k)  # 강의처럼 1000 쌍
        keys = np.random.randn(1000, d_k)
        dots = (queries * keys).sum(axis=-1)
        table.append((d_k, np.sqrt(d_k), dots.std().round(2), (dots / d_k ** 0.5).std().round(2)))
    return pandas.DataFrame(table, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
