# 실수: x̂ 에 beta 를 곱하고 gamma 를 더함 (γ 와 β 가 뒤바뀜)
# mistake: multiplies x̂ by beta and adds gamma (γ and β swapped)
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    x_hat = (x - mean) / torch.sqrt(var + eps)
    return beta * x_hat + gamma
