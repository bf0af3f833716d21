# 실수: 인자 eps 대신 1e-5 를 박음
# mistake: uses a fixed 1e-5 instead of the eps argument
import torch

from helpers.given import multi_head_attention


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + 1e-5) + beta
