# 실수: 표준편차를 pandas 의 .std() 로 재서 n − 1 로 나눈 표준편차가 됩니다. 문제는 numpy 의 .std() (n 으로 나눔) 입니다. 쌍이 적으면 값이 달라집니다.
# mistake: measures the spread with pandas' .std(), which divides by n − 1; the problem asks for numpy's .std() (divides by n), and small n_pairs show the difference.
import numpy as np
import pandas


def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    """d_k 마다 무작위 (q, k) n_pairs 쌍의 내적 점수 표준편차를, √d_k 로 나누기 전과 뒤로 잰 DataFrame."""
    np.random.seed(seed)
    records = []
    for d_k in dims:
        q = np.random.randn(n_pairs, d_k)
        k = np.random.randn(n_pairs, d_k)
        dots = pandas.Series(np.einsum("ij,ij->i", q, k))
        records.append((d_k, np.sqrt(d_k), round(dots.std(), 2), round((dots / np.sqrt(d_k)).std(), 2)))
    return pandas.DataFrame(records, columns=["d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"])
