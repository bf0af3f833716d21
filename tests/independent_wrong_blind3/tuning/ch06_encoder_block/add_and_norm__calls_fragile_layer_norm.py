# 실수: 문제 1 에서 제곱의 평균 − 평균의 제곱으로 쓴 layer_norm 을 부름
# mistake: calls a problem-1 layer_norm that uses mean of squares minus squared mean
import torch

from helpers.given import multi_head_attention

# (문제 1 에서 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = (x * x).mean(dim=-1, keepdim=True) - mean * mean
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return layer_norm(x + sublayer_output, gamma, beta, eps)
