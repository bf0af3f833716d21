# 실수: d_k ** -1/2 로 곱함: 연산자 우선순위 때문에 (d_k ** -1) / 2 = 1/(2·d_k) 가 됨
# mistake: multiplies by d_k ** -1/2, which Python reads as (d_k ** -1) / 2 = 1/(2·d_k), not d_k^(-1/2)
def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    factor = d_k ** -1/2  # 1/√d_k 를 곱하는 것과 같다고 생각함
    return scores * factor
