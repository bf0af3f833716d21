# 실수: 씨앗을 np.random.seed(42) 로 박아 두어 인자 seed 가 난수에 전달되지 않습니다. 다른 seed 를 주어도 강의의 표가 나옵니다.
# mistake: hard-codes np.random.seed(42), so the seed parameter never reaches the random draws.
import numpy as np
from pandas import DataFrame


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(42)
    table = []
    for dim in dims:
        q = np.random.randn(n_pairs, dim)
        k = np.random.randn(n_pairs, dim)
        score = np.einsum("nd,nd->n", q, k)
        table.append([dim, np.sqrt(dim), round(score.std(), 2), round((score / np.sqrt(dim)).std(), 2)])
    return DataFrame(table, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
