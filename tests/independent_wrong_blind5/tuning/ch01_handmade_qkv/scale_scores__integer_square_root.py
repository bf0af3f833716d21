# 실수: math.isqrt 로 정수 제곱근을 구해 나눠, d_k 가 제곱수가 아니면 틀림
# mistake: divides by math.isqrt(d_k), the integer square root, wrong whenever d_k is not a perfect square
import math

import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / math.isqrt(d_k)
