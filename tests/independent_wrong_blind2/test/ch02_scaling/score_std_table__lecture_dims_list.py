# 실수: 반복문이 강의의 [4, 16, 64, 256] 을 돌아서 인자 dims 가 무시됩니다.
# mistake: The loop runs over the lecture's [4, 16, 64, 256], so the dims argument is ignored.
import numpy as np  # 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in [4, 16, 64, 256]:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = np.sum(q * k, axis=1)
        scaled = scores / np.sqrt(d_k)
        rows.append([d_k, np.sqrt(d_k), scores.std().round(2), scaled.std().round(2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
