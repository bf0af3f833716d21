# 실수: eps 를 제곱근 밖에서 더해 √var + eps 로 나눔
# mistake: adds eps outside the square root, dividing by √var + eps
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(dim=-1, keepdim=True)
    var = ((x - mu) ** 2).mean(dim=-1, keepdim=True)
    x_hat = (x - mu) / (torch.sqrt(var) + eps)
    return gamma * x_hat + beta
