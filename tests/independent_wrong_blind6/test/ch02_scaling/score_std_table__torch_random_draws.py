# 실수: numpy 대신 torch.manual_seed 와 torch.randn 으로 뽑아, 강의와 다른 난수가 나옴
# mistake: draws q and k with torch.manual_seed and torch.randn instead of numpy's generator, so the numbers differ from the lecture's
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    torch.manual_seed(seed)
    lines = []
    for d_k in dims:
        q = torch.randn(n_pairs, d_k, dtype=torch.float64).numpy()
        k = torch.randn(n_pairs, d_k, dtype=torch.float64).numpy()
        sc = np.sum(q * k, axis=1)
        lines.append([d_k, np.sqrt(d_k), sc.std().round(2), (sc / d_k ** 0.5).std().round(2)])
    return pd.DataFrame(lines, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
