# 실수: 함수 자체는 맞지만, 같은 파일의 softmax_1d 가 강의 표처럼 소수 셋째 자리로 반올림한 비율을 돌려줌
# mistake: its own code is right, but it calls a softmax_1d in the same file that rounds the proportions to three decimals like the lecture's table
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


# (문제 2 에서 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return (e / e.sum()).round(3)


def compare_scaling(q, keys):
    scores = keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(q.shape[0]))
    return scores, before, after
