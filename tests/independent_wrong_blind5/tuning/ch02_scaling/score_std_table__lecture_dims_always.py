# 실수: 반복문이 dims 대신 강의의 (4, 16, 64, 256) 을 돌아, dims 인자가 쓰이지 않음
# mistake: the loop runs over the lecture's (4, 16, 64, 256) instead of dims, so the dims argument is never used
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    lines = []
    for d_k in [4, 16, 64, 256]:
        qs = np.random.randn(n_pairs, d_k)
        ks = np.random.randn(n_pairs, d_k)
        dots = (qs * ks).sum(axis=1)
        lines.append([d_k, d_k ** 0.5, dots.std().round(2), (dots / d_k ** 0.5).std().round(2)])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
