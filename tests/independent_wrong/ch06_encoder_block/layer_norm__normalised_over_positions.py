# 실수: 마지막 축(좌표)이 아니라 dim=-2 (자리 축)으로 평균과 분산을 구했습니다.
# mistake: Computes the mean and variance over dim=-2 (the positions) instead of the last dim (the features).
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-2, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-2, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
