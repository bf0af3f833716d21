# 실수: tril 로 아래 삼각형은 맞게 만들었지만 bool 로 바꾸지 않아 1.0/0.0 실수 텐서를 돌려줌
# mistake: builds the right lower triangle with tril but returns it as a float tensor of 1.0 / 0.0, never converted to bool
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size))
