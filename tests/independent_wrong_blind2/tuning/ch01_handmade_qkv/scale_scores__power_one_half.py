# 실수: d_k ** 1/2 는 (d_k ** 1) / 2 로 계산됩니다. √d_k 는 d_k ** 0.5 나 math.sqrt(d_k) 로 써야 합니다.
# mistake: d_k ** 1/2 is evaluated as (d_k ** 1) / 2; the square root needs d_k ** 0.5 or math.sqrt(d_k).
def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k ** 1/2
