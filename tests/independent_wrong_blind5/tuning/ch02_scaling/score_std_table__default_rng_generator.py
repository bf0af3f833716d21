# 실수: np.random.seed 대신 np.random.default_rng(seed) 생성기로 뽑아, 강의와 다른 난수가 나옴
# mistake: draws with np.random.default_rng(seed) instead of seeding np.random, so the numbers differ from the lecture's
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    rng = np.random.default_rng(seed)
    lines = []
    for d_k in dims:
        qs = rng.standard_normal((n_pairs, d_k))
        ks = rng.standard_normal((n_pairs, d_k))
        dots = np.sum(qs * ks, axis=1)
        lines.append([d_k, d_k ** 0.5, dots.std().round(2), (dots / d_k ** 0.5).std().round(2)])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
