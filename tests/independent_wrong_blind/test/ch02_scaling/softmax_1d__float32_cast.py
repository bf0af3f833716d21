# 실수: 입력을 np.float32 로 바꿔 계산해서 float64 입력에도 float32 를 돌려주고, 큰 값끼리 조금씩 다른 점수(예: 1e6 근처)는 반올림으로 구별이 사라집니다.
# mistake: casts the input to np.float32, so a float64 input comes back as float32 and close scores around a large offset (e.g. near 1e6) are rounded together.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    x = np.asarray(x, dtype=np.float32)
    exps = np.exp(x - x.max())
    return exps / exps.sum()
