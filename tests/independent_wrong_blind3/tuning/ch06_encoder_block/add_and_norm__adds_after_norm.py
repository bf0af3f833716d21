# 실수: 정규화한 뒤에 잔차를 더함: x + layer_norm(sub)
# mistake: adds the residual after the norm: x + layer_norm(sub)
import torch

from helpers.given import multi_head_attention

# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return x + layer_norm(sublayer_output, gamma, beta, eps)
