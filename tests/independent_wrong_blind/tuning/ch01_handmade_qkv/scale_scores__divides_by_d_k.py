# 실수: √d_k 가 아니라 d_k 로 나눕니다.
# mistake: divides by d_k instead of √d_k.
def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k
