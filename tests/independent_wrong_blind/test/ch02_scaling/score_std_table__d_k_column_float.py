# 실수: 줄들을 np.array 하나로 모은 뒤 DataFrame 을 만들어 d_k 열이 정수가 아니라 실수(4.0, 16.0, …)가 됩니다.
# mistake: stacks the rows into one np.array before building the DataFrame, so the d_k column becomes float (4.0, 16.0, …) instead of int.
import numpy as np
import pandas


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    values = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dot = np.sum(q * k, axis=1)
        values.append([d_k, np.sqrt(d_k), np.round(dot.std(), 2), np.round((dot / np.sqrt(d_k)).std(), 2)])
    return pandas.DataFrame(np.array(values), columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
