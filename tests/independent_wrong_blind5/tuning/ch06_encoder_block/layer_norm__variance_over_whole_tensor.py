# 실수: 평균은 마지막 축으로 구했지만 분산은 dim 없이 텐서 전체에서 하나로 구함
# mistake: takes the mean over the last axis but one variance over the whole tensor (no dim)
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(unbiased=False)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
