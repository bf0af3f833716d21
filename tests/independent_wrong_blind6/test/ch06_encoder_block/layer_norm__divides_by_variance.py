# 실수: 표준편차가 아니라 분산 (var + eps) 으로 나눔 (제곱근 빠뜨리기)
# mistake: divides by the variance (var + eps) instead of its square root
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = x - x.mean(dim=-1, keepdim=True)
    var = (centred ** 2).mean(dim=-1, keepdim=True)
    return gamma * centred / (var + eps) + beta
