# 실수: 함수 자체는 맞지만, 같은 파일의 layer_norm 이 eps 를 제곱근 밖에서 더함
# mistake: its own code is right, but it calls a layer_norm in the same file that adds eps outside the square root
import torch  # 텐서

from helpers import data


# (문제 1 에서 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    std = ((x - mean) ** 2).mean(dim=-1, keepdim=True).sqrt()
    return gamma * (x - mean) / (std + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return layer_norm(x + sublayer_output, gamma, beta, eps)
