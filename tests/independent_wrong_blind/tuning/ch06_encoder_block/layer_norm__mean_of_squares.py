# 실수: 분산을 E[x²] − (E[x])² 로 계산합니다. 수식으로는 같지만, 값들이 큰 수 언저리에 몰려 있으면(예: 1e7 ± 1, float32 에서는 1000 ± 1 만 돼도) 비슷한 두 큰 수의 뺄셈에서 유효숫자가 사라져 분산이 크게 틀리거나 음수가 됩니다.
# mistake: computes the variance as E[x²] − (E[x])²; equal on paper, but for values clustered around a large offset (e.g. 1e7 ± 1, or 1000 ± 1 in float32) subtracting two nearly equal large numbers cancels the significant digits and the variance is badly wrong or negative.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = (x * x).mean(dim=-1, keepdim=True) - mean * mean
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
