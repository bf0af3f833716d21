# 실수: layer_norm(x + sublayer_output, gamma, eps) 로 불러 eps 가 beta 자리에 들어가므로, beta 는 쓰이지 않습니다 (eps 는 기본값)
# mistake: calls layer_norm(x + sublayer_output, gamma, eps), so eps goes into beta's place and beta is never used (eps stays at its default)
import torch  # 텐서

from helpers import data


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    total = x + sublayer_output
    return layer_norm(total, gamma, eps)
