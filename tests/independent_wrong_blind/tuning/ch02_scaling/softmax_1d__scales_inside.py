# 실수: softmax 안에서 x 를 √n 으로 한 번 더 나눕니다. softmax_1d 는 받은 점수를 그대로 비율로 바꿔야 합니다.
# mistake: divides x by √n inside the softmax; softmax_1d must turn the scores it gets into ratios as they are.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    x = x / np.sqrt(len(x))
    exps = np.exp(x - x.max())
    return exps / exps.sum()
