# 실수: 평균과 분산을 dim=0 (첫 축)으로 구했습니다. 한 자리의 좌표들, 곧 마지막 축(dim=-1)으로 정규화해야 합니다.
# mistake: The mean and variance are taken over dim=0; normalisation runs over the last axis (dim=-1), the coordinates of one position.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=0, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=0, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
