# 실수: 분산을 제곱의 평균 − 평균의 제곱으로 구해 큰 값 근처에서 자릿수를 잃음
# mistake: computes the variance as mean of squares minus squared mean, losing digits near large values
import torch  # 텐서


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = (x * x).mean(dim=-1, keepdim=True) - mean * mean
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
