# 실수: 세 배열을 리스트 [scores, before, after] 로 돌려줍니다. 튜플 (scores, before, after) 여야 합니다.
# mistake: The three arrays are returned as a list; the exercise asks for the tuple (scores, before, after).
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    def softmax(v):
        e = np.exp(v - np.max(v))
        return e / np.sum(e)

    scores = keys @ q
    return [scores, softmax(scores), softmax(scores / np.sqrt(len(q)))]
