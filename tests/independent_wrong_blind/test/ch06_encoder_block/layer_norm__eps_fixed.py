# 실수: 제곱근 안에 인자 eps 대신 1e-5 를 적어 두어, 기본값이 아닌 eps 가 계산에 전달되지 않습니다.
# mistake: writes 1e-5 inside the square root instead of eps, so a non-default eps never reaches the computation.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    x_hat = (x - mean) / torch.sqrt(var + 1e-5)
    return gamma * x_hat + beta
