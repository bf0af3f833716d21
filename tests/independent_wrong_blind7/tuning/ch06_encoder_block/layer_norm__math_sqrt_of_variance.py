# 실수: 분산 텐서를 `math.sqrt` 에 넣어, 줄이 둘 이상이면 (원소가 여럿인 텐서) 오류가 납니다
# mistake: passes the variance tensor to math.sqrt, which fails as soon as there is more than one row (a tensor of many numbers)
import torch  # 텐서

from helpers import data


import math


def layer_norm(x, gamma, beta, eps=1e-5):
    m = x.mean(-1, keepdim=True)
    v = ((x - m) ** 2).mean(-1, keepdim=True)
    x_hat = (x - m) / math.sqrt(v + eps)
    return gamma * x_hat + beta
