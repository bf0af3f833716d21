# 실수: 두 표준편차를 소수 둘째 자리로 반올림하지 않았습니다 (.round(2)).
# mistake: The two standard deviations are not rounded to two decimals (.round(2)).
import numpy as np  # 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    rows = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        scores = np.sum(q * k, axis=1)
        rows.append([d_k, np.sqrt(d_k), scores.std(), (scores / np.sqrt(d_k)).std()])
    return pd.DataFrame(rows, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
