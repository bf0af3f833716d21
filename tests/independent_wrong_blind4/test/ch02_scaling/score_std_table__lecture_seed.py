# 실수: 씨앗을 인자가 아니라 강의의 42 로 박아 둠
# mistake: seeds with the lecture's 42 instead of the seed argument
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(42)
    lines = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dots = (q * k).sum(axis=1)
        scaled = dots / np.sqrt(d_k)
        lines.append([d_k, np.sqrt(d_k), dots.std().round(2), scaled.std().round(2)])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
