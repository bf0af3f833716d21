# 실수: torch.nn.functional.layer_norm 에 eps 를 넘기지 않아 받은 eps 대신 1e-5 를 늘 씀
# mistake: calls torch.nn.functional.layer_norm without passing eps, so it always uses 1e-5 instead of the given eps
import torch  # 텐서

from helpers import data


import torch.nn.functional as F


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    return F.layer_norm(x, (x.shape[-1],), weight=gamma, bias=beta)
