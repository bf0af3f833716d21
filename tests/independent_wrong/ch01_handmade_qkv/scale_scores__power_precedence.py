# 실수: d_k ** 1/2 는 (d_k ** 1) / 2 라서 결국 2·d_k 로 나눈 셈입니다. 제곱근은 d_k ** 0.5 입니다.
# mistake: Writes d_k ** 1/2, which Python reads as (d_k ** 1) / 2, so the scores are divided by 2·d_k rather than √d_k.
def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k ** 1/2
