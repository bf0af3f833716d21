# 실수: 강의 코드처럼 for d_k in [4, 16, 64, 256] 을 그대로 써서 인자 dims 를 무시합니다.
# mistake: loops over the lecture's fixed list [4, 16, 64, 256] and ignores the dims argument.
import numpy as np
from pandas import DataFrame


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    lines = []
    for d_k in [4, 16, 64, 256]:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        s = np.sum(q * k, axis=1)
        lines.append([d_k, np.sqrt(d_k), round(s.std(), 2), round(np.std(s / np.sqrt(d_k)), 2)])
    return DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
