# 실수: torch.erf 대신 math.erf 를 텐서에 불러 오류
# mistake: calls math.erf on the tensor instead of torch.erf
import math  # √ 계산에

import torch  # 텐서


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + math.erf(x / math.sqrt(2))) / 2
