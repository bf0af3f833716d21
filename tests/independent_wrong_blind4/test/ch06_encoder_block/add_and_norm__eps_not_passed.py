# 실수: layer_norm 에 eps 를 넘기지 않아 언제나 1e-5
# mistake: does not pass eps on to layer_norm, so it is always 1e-5
import torch  # 텐서


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    centre = x - x.mean(dim=-1, keepdim=True)
    spread = (centre ** 2).mean(dim=-1, keepdim=True)
    return gamma * centre / torch.sqrt(spread + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return layer_norm(x + sublayer_output, gamma, beta)
