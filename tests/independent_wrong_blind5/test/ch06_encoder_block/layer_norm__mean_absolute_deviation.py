# 실수: 분산의 제곱근 대신 평균 절대 편차 |x − 평균| 의 평균으로 나눔
# mistake: divides by the mean absolute deviation instead of the square root of the variance
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    centred = x - x.mean(dim=-1, keepdim=True)
    spread = centred.abs().mean(dim=-1, keepdim=True)
    return gamma * centred / (spread + eps) + beta
