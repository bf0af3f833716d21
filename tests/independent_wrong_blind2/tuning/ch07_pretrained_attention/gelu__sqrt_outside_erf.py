# 실수: 괄호를 잘못 둬서 erf(x) / √2 가 되었습니다. √2 로 나누는 것은 erf 안의 x 입니다.
# mistake: A misplaced parenthesis computes erf(x) / √2; it is x inside the erf that is divided by √2.
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + torch.erf(x) / math.sqrt(2)) / 2
