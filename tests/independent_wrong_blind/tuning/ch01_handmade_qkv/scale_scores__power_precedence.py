# 실수: d_k ** 1/2 는 파이썬에서 (d_k ** 1) / 2 이라, 결국 scores / d_k / 2 를 계산합니다 (연산자 우선순위).
# mistake: writes d_k ** 1/2, which Python reads as (d_k ** 1) / 2, so it computes scores / d_k / 2 (operator precedence).
def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k ** 1/2
