# 실수: 분산을 '제곱의 평균 − 평균의 제곱' 으로 구해 1e8 근처에 몰린 줄에서 자릿수를 잃음
# mistake: computes the variance as 'mean of squares minus square of the mean', losing precision on rows clustered near 1e8
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    m = x.mean(dim=-1, keepdim=True)
    sq = (x ** 2).mean(dim=-1, keepdim=True)
    variance = sq - m ** 2        # E[x²] − E[x]²
    normed = (x - m) / torch.sqrt(variance + eps)
    return normed * gamma + beta
