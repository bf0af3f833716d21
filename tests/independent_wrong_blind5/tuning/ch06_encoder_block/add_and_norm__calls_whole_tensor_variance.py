# 실수: 함수 자체는 맞지만, 같은 파일의 layer_norm 이 분산을 dim 없이 텐서 전체에서 구함
# mistake: right itself, but the layer_norm of the same file takes one variance over the whole tensor
import torch


# (문제 1 에서 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(unbiased=False)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return layer_norm(x + sublayer_output, gamma, beta, eps)
