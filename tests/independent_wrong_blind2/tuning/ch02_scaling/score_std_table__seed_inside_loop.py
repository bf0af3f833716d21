# 실수: np.random.seed(seed) 를 반복문 안에서 불러서 d_k 마다 같은 난수열의 처음부터 다시 뽑습니다. 씨앗은 반복문 앞에서 한 번만 심습니다.
# mistake: np.random.seed(seed) is called inside the loop, so every d_k restarts the same random stream; the seed is set once before the loop.
import numpy as np  # 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    rows = []
    for d_k in dims:
        np.random.seed(seed)
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = np.sum(q * k, axis=1)
        rows.append([d_k, np.sqrt(d_k), scores.std().round(2), np.round((scores / np.sqrt(d_k)).std(), 2)])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
