# 실수: eps 를 제곱근 밖에서 더함
# mistake: adds eps outside the square root
import torch

from helpers.given import multi_head_attention


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / (torch.sqrt(var) + eps) + beta
