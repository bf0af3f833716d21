# 실수: 서브층 출력만 정규화한 뒤 x 를 더했습니다 (x + layer_norm(sublayer_output)). 먼저 더하고 그 합을 정규화합니다.
# mistake: Only the sublayer output is normalised and x is added afterwards; the sum must be formed first and then normalised.
import torch

# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return x + layer_norm(sublayer_output, gamma, beta, eps)
