# 실수: √(분산) 으로만 나누고 eps 를 더하지 않아, eps 인자가 결과에 쓰이지 않습니다
# mistake: divides by √variance alone and never adds eps, so the eps argument never reaches the result
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    std = (x - mean).pow(2).mean(dim=-1, keepdim=True).sqrt()
    return gamma * (x - mean) / std + beta
