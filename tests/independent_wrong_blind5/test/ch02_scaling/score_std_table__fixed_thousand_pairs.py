# 실수: 쌍의 수를 강의의 1000 으로 박아 n_pairs 인자가 효과가 없음
# mistake: hard-codes the lecture's 1000 pairs, so the n_pairs argument has no effect
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    lines = []
    for d_k in dims:
        qs = np.random.randn(1000, d_k)
        ks = np.random.randn(1000, d_k)
        dots = np.einsum("ij,ij->i", qs, ks)
        lines.append([d_k, d_k ** 0.5, dots.std().round(2), (dots / d_k ** 0.5).std().round(2)])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
