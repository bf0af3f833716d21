# 실수: torch.nn.functional.layer_norm 을 부르면서 eps 를 넘기지 않아 늘 1e-5 를 씀
# mistake: calls torch.nn.functional.layer_norm without passing eps, so 1e-5 is always used
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    return torch.nn.functional.layer_norm(x, x.shape[-1:], gamma, beta)
