# 실수: 함수 자체는 맞지만 torch.var 기본값 (d − 1 로 나눔) 을 쓴 문제 1 의 layer_norm 을 부름
# mistake: right itself, but calls a layer_norm (problem 1) that uses torch.var's default (÷ d − 1)
import torch  # 텐서


# (문제 1 에서 작성한 함수)
def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1, keepdim=True)
    var = torch.var(x, dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    return layer_norm(x + sublayer_output, gamma, beta, eps)
