# 실수: 튜플이 아니라 리스트 [scores, before, after] 를 돌려줌
# mistake: returns a list [scores, before, after] instead of a tuple
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):  # (문제 2 에서 맞게 작성한 함수)
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = np.array([np.dot(q, key) for key in keys])  # Key 마다 내적
    results = [scores]
    for divisor in (1.0, np.sqrt(q.shape[0])):
        results.append(softmax_1d(scores / divisor))
    return results
