# 실수: √d_k 를 int 로 잘라서 나눔 (d_k = 2 이면 1 로 나눠 아무것도 안 나눔; 제곱수일 때만 맞음)
# mistake: truncates √d_k to an int before dividing (d_k = 2 divides by 1); right only when d_k is a perfect square
import math


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    root = int(math.sqrt(d_k))  # d_k 가 정수라서 제곱근도 정수로 맞춤
    return scores / root
