# 실수: layer_norm 을 부를 때 eps 를 넘기지 않아 받은 eps 대신 기본값 1e-5 로 정규화함
# mistake: calls layer_norm without passing eps, so it normalises with the default 1e-5 instead of the given eps
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):  # (문제 1 에서 맞게 작성한 함수)
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    residual = x + sublayer_output
    return layer_norm(residual, gamma, beta)
