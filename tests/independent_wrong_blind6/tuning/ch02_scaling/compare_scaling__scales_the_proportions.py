# 실수: after 를 점수가 아니라 before 의 비율을 √d_k 로 나눈 값의 softmax 로 구함
# mistake: computes after as the softmax of before's proportions divided by √d_k, instead of the scaled scores
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    scores = keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(before / np.sqrt(len(q)))
    return scores, before, after
