# 실수: 정확한 식 대신 x · sigmoid(1.702 x) 근사식을 썼습니다.
# mistake: Uses the sigmoid approximation x · sigmoid(1.702·x) instead of the exact erf formula.
import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * torch.sigmoid(1.702 * x)
