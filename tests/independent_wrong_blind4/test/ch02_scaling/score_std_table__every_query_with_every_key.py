# 실수: 같은 줄끼리가 아니라 q @ k.T 로 모든 쌍 (n × n) 의 점수 표준편차를 잼
# mistake: measures the spread of all n × n products q @ k.T instead of the n matching pairs
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    lines = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dots = q @ k.T
        scaled = dots / np.sqrt(d_k)
        lines.append([d_k, np.sqrt(d_k), dots.std().round(2), scaled.std().round(2)])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
