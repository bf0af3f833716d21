# 실수: 계산 전에 x.float() 로 바꿔서 float64 입력에도 float32 를 돌려줍니다. 큰 값에 몰린 float64 줄은 float32 로 바꾸는 순간 자릿수를 잃어 값도 틀립니다.
# mistake: casts x to float32 with x.float(), so a float64 input comes back as float32, and float64 rows clustered around a large value lose their digits in the cast.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    x = x.float()
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return (gamma.float() * (x - mean) / torch.sqrt(var + eps) + beta.float())
