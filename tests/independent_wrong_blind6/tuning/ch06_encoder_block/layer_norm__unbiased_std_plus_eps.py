# 실수: x.std() 의 기본값 (d − 1 로 나누는 분산) 을 쓰고 eps 도 표준편차 뒤에 더함
# mistake: uses x.std()'s default (the variance divided by d − 1) and also adds eps after the standard deviation
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(-1, keepdim=True)
    std = x.std(-1, keepdim=True)
    return gamma * (x - mean) / (std + eps) + beta
