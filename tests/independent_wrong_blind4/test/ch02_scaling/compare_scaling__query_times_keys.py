# 실수: keys @ q 대신 q @ keys 를 써서 [d_k] × [n, d_k] 모양이 맞지 않음
# mistake: writes q @ keys instead of keys @ q, so [d_k] × [n, d_k] does not fit
import numpy as np  # 배열과 난수
import pandas as pd  # 표


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    scores = q @ keys
    return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(len(q)))
