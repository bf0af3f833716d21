# 실수: erf 안에서 x 를 √2 로 나누지 않습니다: x · (1 + erf(x)) / 2.
# mistake: forgets to divide x by √2 inside erf: x · (1 + erf(x)) / 2.
import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + torch.erf(x)) / 2
