# 실수: torch.var 의 기본값(d − 1 로 나누는 불편 분산)을 써서 치우친 분산이 아닙니다. 결과가 √((d − 1)/d) 배쯤 작아집니다.
# mistake: uses torch.var's default unbiased variance (divides by d − 1) instead of the biased one, shrinking the result by about √((d − 1)/d).
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
