# 실수: x += sublayer_output 으로 받은 x 를 제자리에서 바꿉니다. x + sublayer_output 으로 새 텐서를 만드세요.
# mistake: x += sublayer_output changes the caller's x in place; build a new tensor with x + sublayer_output.
import torch

# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    x += sublayer_output
    return layer_norm(x, gamma, beta, eps)
