# 실수: pandas 의 Series.std() 는 n − 1 로 나눕니다 (ddof=1). 문제는 n 으로 나누는 numpy 의 .std() 를 쓰라고 합니다.
# mistake: pandas' Series.std() divides by n - 1 (ddof=1); the exercise asks for numpy's .std(), which divides by n.
import numpy as np  # 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = pd.Series(np.sum(q * k, axis=1))
        scaled = scores / np.sqrt(d_k)
        rows.append([d_k, np.sqrt(d_k), round(scores.std(), 2), round(scaled.std(), 2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
