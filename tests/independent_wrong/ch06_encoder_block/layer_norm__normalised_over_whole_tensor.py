# 실수: 자리마다(마지막 축마다) 평균과 분산을 구하지 않고 텐서 전체의 평균과 분산 하나로 정규화했습니다.
# mistake: Normalises with one mean and variance of the whole tensor instead of per position (over the last dim).
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean()
    var = ((x - mean) ** 2).mean()
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
