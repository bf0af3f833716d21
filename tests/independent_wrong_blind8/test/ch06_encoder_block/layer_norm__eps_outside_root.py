# 실수: eps 를 제곱근 안이 아니라 밖에서 더해 √var + eps 로 나눔
# mistake: adds eps outside the square root, dividing by √var + eps
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mu = x.mean(-1, keepdim=True)
    std = x.std(-1, unbiased=False, keepdim=True)   # 치우친 표준편차
    x_hat = (x - mu) / (std + eps)
    return gamma * x_hat + beta
