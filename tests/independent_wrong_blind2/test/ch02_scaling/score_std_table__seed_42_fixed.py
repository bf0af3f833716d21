# 실수: np.random.seed(42) 로 씨앗을 고정해 적어서 인자 seed 가 쓰이지 않습니다.
# mistake: The seed is written as np.random.seed(42), so the seed argument has no effect.
import numpy as np  # 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(42)
    table = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = np.einsum("nd,nd->n", q, k)
        table.append((d_k, np.sqrt(d_k), scores.std().round(2), np.round((scores / np.sqrt(d_k)).std(), 2)))
    return pd.DataFrame(table, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
