# 실수: 평균과 분산을 마지막 축이 아니라 첫 축 (dim=0, 배치 축) 으로 냅니다
# mistake: takes the mean and variance over the first axis (dim=0, the batch axis) instead of the last
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(dim=0, keepdim=True)
    var = ((x - mu) ** 2).mean(dim=0, keepdim=True)
    return gamma * (x - mu) / torch.sqrt(var + eps) + beta
