# 실수: 강의의 √64 = 8 로 나눠 q 의 좌표 수를 쓰지 않음
# mistake: divides by the lecture's √64 = 8 instead of the root of q's length
import numpy as np  # 배열과 난수
import pandas as pd  # 표


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    scores = keys @ q
    return scores, softmax_1d(scores), softmax_1d(scores / 8)
