# 실수: 강의 예시의 d_k = 2 를 그대로 써서 √2 로만 나눕니다. 받은 d_k 를 써야 합니다.
# mistake: Hard-codes the lecture's d_k = 2 (divides by √2) and ignores the d_k argument.
import math

def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / math.sqrt(2)
