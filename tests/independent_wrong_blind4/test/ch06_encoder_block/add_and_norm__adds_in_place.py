# 실수: x += sublayer_output 로 잔차를 제자리에서 더해 입력 x 를 바꿈
# mistake: adds the residual in place with x += sublayer_output, changing the input x
import torch  # 텐서


# (문제 1 에서 맞게 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    centre = x - x.mean(dim=-1, keepdim=True)
    spread = (centre ** 2).mean(dim=-1, keepdim=True)
    return gamma * centre / torch.sqrt(spread + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    x += sublayer_output
    return layer_norm(x, gamma, beta, eps)
