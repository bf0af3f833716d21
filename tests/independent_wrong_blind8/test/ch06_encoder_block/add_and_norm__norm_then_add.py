# 실수: 더하고 정규화하지 않고, 서브층 출력만 정규화한 뒤 x 를 더함 (x + layer_norm(sublayer_output))
# mistake: normalises only the sublayer output and then adds x (x + layer_norm(sublayer_output)) instead of adding first
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):  # (문제 1 에서 맞게 작성한 함수)
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return x + layer_norm(sublayer_output, gamma, beta, eps)
