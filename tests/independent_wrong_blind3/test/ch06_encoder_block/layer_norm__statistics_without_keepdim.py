# 실수: 평균과 분산에 keepdim 을 빼서 브로드캐스팅이 어긋남
# mistake: drops keepdim on the mean and variance, so broadcasting goes wrong
import torch

from helpers.given import multi_head_attention


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1)
    var = ((x - mean.unsqueeze(-1)) ** 2).mean(dim=-1)
    return gamma * (x - mean.unsqueeze(-1)) / torch.sqrt(var + eps) + beta
