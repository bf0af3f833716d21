# 실수: √d_k 가 아니라 d_k 로 나눴습니다.
# mistake: Divides by d_k instead of √d_k.
import math

def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k
