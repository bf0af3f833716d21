# 실수: torch.var 의 기본값(d − 1 로 나눔)을 씀
# mistake: uses torch.var's default unbiased variance (÷ d − 1)
import torch

from helpers.given import multi_head_attention


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
