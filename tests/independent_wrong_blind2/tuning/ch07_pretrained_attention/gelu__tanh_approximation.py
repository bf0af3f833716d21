# 실수: tanh 로 근사한 GELU 를 썼습니다. 정확한 식 x·(1 + erf(x/√2))/2 와 1e-5 안에서 같지 않습니다.
# mistake: The tanh approximation of GELU is used; it does not match the exact x·(1 + erf(x/√2))/2 within 1e-5.
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
