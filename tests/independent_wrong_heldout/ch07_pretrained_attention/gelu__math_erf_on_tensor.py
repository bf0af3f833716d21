# 실수: torch.erf 대신 파이썬 math.erf 를 텐서에 씀: 값 하나짜리 텐서에서만 되고 원소가 여럿이면 TypeError
# mistake: uses Python's math.erf on a tensor instead of torch.erf; it works for a one-element tensor and raises TypeError otherwise
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + math.erf(x / math.sqrt(2))) / 2
