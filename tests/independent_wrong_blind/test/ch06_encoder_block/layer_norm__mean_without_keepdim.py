# 실수: mean 에 keepdim=True 를 빼먹어 평균과 분산이 [..., 1] 이 아니라 [...] 모양이 되고, 빼기에서 엉뚱한 축으로 퍼집니다 (대개 오류).
# mistake: drops keepdim=True, so the mean and variance are [...] instead of [..., 1] and broadcast against the wrong axis when subtracted (usually an error).
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1)
    var = ((x - mean) ** 2).mean(dim=-1)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
