# 실수: 잔차 x 를 더하지 않고 서브층 출력만 정규화함
# mistake: never adds the residual x and normalises only the sublayer output
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):  # (문제 1 에서 맞게 작성한 함수)
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    normed = layer_norm(sublayer_output, gamma, beta, eps)
    return normed
