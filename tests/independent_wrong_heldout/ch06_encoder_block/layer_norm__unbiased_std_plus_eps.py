# 실수: Annotated Transformer 식으로 x.std() (기본값 n − 1 로 나눔) 를 쓰고 eps 를 제곱근 밖에서 더함: (x − 평균) / (std + eps)
# mistake: Annotated-Transformer style: x.std() (unbiased, divides by n − 1 by default) with eps added outside the root, (x − mean) / (std + eps)
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mu = x.mean(dim=-1, keepdim=True)
    spread = x.std(dim=-1, keepdim=True)
    centered = x - mu
    return gamma * centered / (spread + eps) + beta
