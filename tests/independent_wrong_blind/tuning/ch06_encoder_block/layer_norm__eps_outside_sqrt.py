# 실수: eps 를 제곱근 밖에서 더해 (x − 평균)/(√분산 + eps) 를 계산합니다. 보통의 줄에서는 거의 같지만 분산이 eps 쯤으로 아주 작은 줄에서는 크게 다릅니다.
# mistake: adds eps outside the square root, (x − mean)/(√var + eps); nearly right on ordinary rows, far off on rows whose variance is about eps or smaller.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    std = torch.sqrt(((x - mean) ** 2).mean(dim=-1, keepdim=True))
    return gamma * (x - mean) / (std + eps) + beta
