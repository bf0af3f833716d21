# 실수: torch.var 의 기본값(d − 1 로 나누는 불편 분산)을 써서 분산이 치우친 분산과 다릅니다.
# mistake: Uses torch.var's default unbiased variance (÷ d − 1) instead of the biased one (÷ d).
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
