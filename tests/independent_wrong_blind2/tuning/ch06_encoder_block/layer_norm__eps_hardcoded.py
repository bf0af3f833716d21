# 실수: eps 자리에 1e-5 를 적어 넣어서, 다른 eps 를 받아도 쓰이지 않습니다.
# mistake: 1e-5 is written where eps belongs, so a different eps argument has no effect.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + 1e-5) + beta
