# 실수: np.random.seed(seed) 를 반복문 안에서 d_k 마다 다시 불러, 둘째 줄부터 난수가 달라짐
# mistake: calls np.random.seed(seed) again inside the loop for every d_k, so the draws differ from the second row on
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    lines = []
    for d_k in dims:
        np.random.seed(seed)
        qs = np.random.randn(n_pairs, d_k)
        ks = np.random.randn(n_pairs, d_k)
        dots = (qs * ks).sum(axis=1)
        lines.append([d_k, d_k ** 0.5, dots.std().round(2), (dots / d_k ** 0.5).std().round(2)])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
