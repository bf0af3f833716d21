# 실수: 평균과 분산을 마지막 축 하나가 아니라 마지막 두 축(자리 × 좌표, 문장 전체)에 대해 구함
# mistake: computes the mean and variance over the last two axes (positions × features, the whole sentence) instead of the last axis only
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    axes = (-2, -1)  # 한 문장 안의 모든 값
    mean = x.mean(dim=axes, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=axes, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
