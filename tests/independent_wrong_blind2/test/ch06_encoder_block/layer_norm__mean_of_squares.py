# 실수: 분산을 '제곱의 평균 − 평균의 제곱' 으로 구해서, 큰 값 근처에 몰린 줄에서 자릿수를 잃거나 음수가 되어 nan 이 납니다.
# mistake: The variance is computed as mean of squares minus squared mean, which loses all digits (or goes negative, giving nan) on rows clustered around a large value.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = (x ** 2).mean(dim=-1, keepdim=True) - mean ** 2
    x_hat = (x - mean) / torch.sqrt(var + eps)
    return gamma * x_hat + beta
