# 실수: x · sigmoid(1.702 x) 근사식을 씁니다. 정확한 GELU 와 1e-2 쯤 차이 납니다.
# mistake: uses the approximation x · sigmoid(1.702 x), which is off from the exact GELU by about 1e-2.
import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * torch.sigmoid(1.702 * x)
