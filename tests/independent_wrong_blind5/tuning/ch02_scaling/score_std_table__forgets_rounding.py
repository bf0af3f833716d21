# 실수: 두 표준편차를 소수 둘째 자리로 반올림하지 않음
# mistake: does not round the two standard deviations to two decimals
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    lines = []
    for d_k in dims:
        qs = np.random.randn(n_pairs, d_k)
        ks = np.random.randn(n_pairs, d_k)
        dots = (qs * ks).sum(axis=-1)
        lines.append({"d_k": d_k, "√d_k": d_k ** 0.5, "점수 표준편차": dots.std(),
                      "나눈 뒤 표준편차": (dots / d_k ** 0.5).std()})
    return pd.DataFrame(lines)
