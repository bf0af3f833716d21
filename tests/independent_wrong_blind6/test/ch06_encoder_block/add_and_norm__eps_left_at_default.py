# 실수: layer_norm 을 부를 때 eps 를 넘기지 않아 늘 1e-5 로 정규화함
# mistake: calls layer_norm without passing eps, so it always normalises with 1e-5
import torch  # 텐서

from helpers import data


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    total = x + sublayer_output
    return layer_norm(total, gamma, beta)
