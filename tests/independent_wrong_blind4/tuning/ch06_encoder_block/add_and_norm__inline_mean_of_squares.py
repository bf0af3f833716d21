# 실수: layer_norm 을 부르지 않고 식으로 다시 쓰며 분산을 제곱의 평균 − 평균의 제곱으로 구함
# mistake: rewrites the norm inline with variance = mean of squares − squared mean instead of calling layer_norm
import torch  # 텐서


def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    """layer_norm(x + sublayer_output): 잔차를 더한 뒤 정규화 (post-norm)."""
    total = x + sublayer_output
    mean = total.mean(dim=-1, keepdim=True)
    var = (total ** 2).mean(dim=-1, keepdim=True) - mean ** 2
    return gamma * (total - mean) / torch.sqrt(var + eps) + beta
