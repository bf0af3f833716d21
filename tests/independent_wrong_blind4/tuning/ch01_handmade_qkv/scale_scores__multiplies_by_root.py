# 실수: √d_k 로 나누지 않고 곱함
# mistake: multiplies by √d_k instead of dividing
import math

import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores * math.sqrt(d_k)
