# 실수: 평균만 빼고 √(분산 + eps) 로 나누지 않습니다
# mistake: subtracts the mean but never divides by √(variance + eps)
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    centred = x - x.mean(dim=-1, keepdim=True)
    return gamma * centred + beta
