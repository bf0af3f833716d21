# 실수: x.var(dim=-1) 의 기본값대로 d − 1 로 나눈 불편 분산을 씀 (치우친 분산이어야 함)
# mistake: uses x.var(dim=-1) with its default, the unbiased variance dividing by d − 1 (the biased one is required)
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
