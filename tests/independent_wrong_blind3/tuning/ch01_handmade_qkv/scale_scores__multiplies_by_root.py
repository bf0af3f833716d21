# 실수: √d_k 로 나누지 않고 곱함
# mistake: multiplies by √d_k instead of dividing
import torch

import math


def scale_scores(scores, d_k):
    return scores * math.sqrt(d_k)
