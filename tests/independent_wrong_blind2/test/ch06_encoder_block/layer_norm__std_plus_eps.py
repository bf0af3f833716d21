# 실수: 두 가지가 틀렸습니다: x.std() 의 기본값은 d − 1 로 나누고, eps 를 제곱근 밖에서 더했습니다 (√var + eps).
# mistake: Two mistakes: x.std() divides by d - 1 by default, and eps is added outside the square root (√var + eps).
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(-1, keepdim=True)
    std = x.std(-1, keepdim=True)
    return gamma * (x - mean) / (std + eps) + beta
