# 실수: gamma 만 곱하고 beta 를 더하지 않아 beta 가 아무 영향이 없음
# mistake: multiplies by gamma but never adds beta, so beta has no effect
import torch  # 텐서

from helpers import data


def layer_norm(x, gamma, beta, eps=1e-5):
    m = x.mean(-1, keepdim=True)
    v = ((x - m) ** 2).mean(-1, keepdim=True)
    return gamma * (x - m) / torch.sqrt(v + eps)
