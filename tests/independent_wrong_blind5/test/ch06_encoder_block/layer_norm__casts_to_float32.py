# 실수: x 를 float32 로 바꿔 계산해, 1e8 근처에 몰린 float64 줄에서 편차가 사라짐
# mistake: converts x to float32 before computing, so float64 rows clustered near 1e8 lose their deviations
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    x = x.float()
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
