# 실수: np.random.seed(seed) 를 반복문 안에서 d_k 마다 다시 부릅니다. 씨앗은 반복문에 들어가기 전에 한 번만 심어야 합니다.
# mistake: re-seeds numpy inside the loop for every d_k; the seed must be set once, before the loop.
import numpy as np
import pandas


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    result = []
    for d_k in dims:
        np.random.seed(seed)  # 매번 같은 난수로 시작하려고
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dots = np.sum(q * k, axis=1)
        result.append([d_k, np.sqrt(d_k), np.round(dots.std(), 2), np.round(np.std(dots / np.sqrt(d_k)), 2)])
    return pandas.DataFrame(result, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
