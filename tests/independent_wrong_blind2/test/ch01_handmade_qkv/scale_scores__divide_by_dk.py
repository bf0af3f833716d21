# 실수: √d_k 가 아니라 d_k 자체로 나눴습니다.
# mistake: The scores are divided by d_k itself instead of its square root.
def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    scaled = scores / d_k
    return scaled
