# 실수: keys.T @ q 로 곱해 [d_k, n] 과 [d_k] 의 모양이 맞지 않아 오류가 남 (keys @ q 여야 함)
# mistake: multiplies keys.T @ q, whose shapes [d_k, n] and [d_k] do not match, so it raises (it should be keys @ q)
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):  # (문제 2 에서 맞게 작성한 함수)
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = keys.T @ q  # 제목표를 세워서 곱하기
    return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(len(q)))
