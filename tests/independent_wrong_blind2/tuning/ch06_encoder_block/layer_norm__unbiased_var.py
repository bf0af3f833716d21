# 실수: x.var(dim=-1) 의 기본값은 d − 1 로 나누는 분산입니다. unbiased=False 를 주거나 편차 제곱의 평균으로 구해야 합니다.
# mistake: x.var(dim=-1) divides by d - 1 by default; pass unbiased=False or average the squared deviations.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
