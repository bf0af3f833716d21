# 실수: √d_k 대신 Key 개수 len(keys) 로 나눔: 강의 예시는 Key 8 장, √64 = 8 이라 우연히 맞고 다른 입력에서는 틀림
# mistake: divides by the number of keys len(keys) instead of √d_k; the lecture's 8 keys with √64 = 8 hide it, other inputs do not
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    def soft(v):
        e = np.exp(v - v.max())
        return e / e.sum()

    scores = keys @ q
    before = soft(scores)
    after = soft(scores / len(keys))  # 강의에서 8 로 나눴으니까
    return scores, before, after
