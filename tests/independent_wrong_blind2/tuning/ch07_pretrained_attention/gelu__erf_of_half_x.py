# 실수: erf 안을 x / √2 가 아니라 x / 2 로 썼습니다.
# mistake: The erf argument is written x / 2 instead of x / √2.
import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1.0 + torch.erf(x / 2))
