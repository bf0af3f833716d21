# 실수: 두 실수: np.std(…, ddof=1) 로 n − 1 로 나누고, 두 표준편차를 소수 둘째 자리로 반올림하지 않음
# mistake: two mistakes: np.std(…, ddof=1) divides by n − 1, and the two standard deviations are not rounded to 2 decimals
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    d_col, root_col, before_col, after_col = [], [], [], []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        s = np.einsum("nd,nd->n", q, k)
        d_col.append(d_k)
        root_col.append(np.sqrt(d_k))
        before_col.append(np.std(s, ddof=1))
        after_col.append(np.std(s / np.sqrt(d_k), ddof=1))
    return pd.DataFrame({"d_k": d_col, "√d_k": root_col, "점수 표준편차": before_col, "나눈 뒤 표준편차": after_col})
