# 실수: gamma·x̂ + beta 대신 (x̂ + beta)·gamma 로 순서를 바꿈
# mistake: computes (x̂ + beta)·gamma instead of gamma·x̂ + beta
import torch  # 텐서


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    x_hat = (x - mean) / torch.sqrt(var + eps)
    return (x_hat + beta) * gamma
