# 실수: 인자 eps 를 쓰지 않고 1e-5 를 박아 둠
# mistake: ignores the eps argument and uses a fixed 1e-5
import torch  # 텐서


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + 1e-5) + beta
