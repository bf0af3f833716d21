# 실수: 강의 예시의 d_k = 2 를 그대로 적어서, 인자로 받은 d_k 가 결과에 쓰이지 않습니다.
# mistake: The lecture's d_k = 2 is written into the code, so the d_k argument never affects the result.
import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / math.sqrt(2)
