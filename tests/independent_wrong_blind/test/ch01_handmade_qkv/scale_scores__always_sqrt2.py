# 실수: 강의 예시의 d_k = 2 를 그대로 적어 언제나 √2 로 나눕니다. 인자 d_k 는 결과에 아무 영향이 없습니다.
# mistake: hard-codes the lecture's d_k = 2 and always divides by √2; the d_k argument has no effect.
import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / math.sqrt(2)
