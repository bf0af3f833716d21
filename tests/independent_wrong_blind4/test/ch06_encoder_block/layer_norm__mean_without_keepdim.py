# 실수: 평균에 keepdim 을 빠뜨려 x − mean 이 맞지 않는 축으로 퍼짐
# mistake: leaves keepdim out of the mean, so x − mean broadcasts along the wrong axis
import torch  # 텐서


def layer_norm(x, gamma, beta, eps=1e-5):
    """x [..., d]를 마지막 축으로 정규화 (치우친 분산, √ 안의 eps)한 뒤 gamma * x̂ + beta."""
    mean = x.mean(dim=-1)
    var = x.var(dim=-1, unbiased=False, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
