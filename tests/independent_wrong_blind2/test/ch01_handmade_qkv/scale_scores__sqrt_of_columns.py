# 실수: 받은 d_k 대신 점수표의 열 수(Key 의 수)로 제곱근을 구했습니다. 나누는 수는 언제나 인자 d_k 의 제곱근입니다.
# mistake: The square root is taken of the number of score columns (keys) instead of the d_k argument.
import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    n = scores.shape[-1]
    return scores / math.sqrt(n)
