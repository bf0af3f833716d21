# 실수: x.std() (d − 1 로 나눔) 를 쓰고 eps 도 제곱근 밖에서 더함
# mistake: divides by x.std() (the d − 1 version) and adds eps outside the root
import torch  # 텐서


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / (x.std(dim=-1, keepdim=True) + eps) + beta
