# 실수: eps 인자를 쓰지 않고 강의의 1e-5 를 식에 박아 둠
# mistake: ignores the eps argument and writes the lecture's 1e-5 into the formula
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    centered = x - x.mean(dim=-1, keepdim=True)
    var = (centered ** 2).mean(dim=-1, keepdim=True)
    return gamma * centered / torch.sqrt(var + 1e-5) + beta
