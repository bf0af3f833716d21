# 실수: 분산을 제곱의 평균 − 평균의 제곱으로 구함
# mistake: computes the variance as mean of squares minus square of mean
import torch

from helpers.given import multi_head_attention


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = (x ** 2).mean(dim=-1, keepdim=True) - mean ** 2
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
