# 실수: 값은 맞지만 bool 이 아니라 1./0. 실수 텐서로 돌려줍니다.
# mistake: Right pattern, but returns a float 1./0. tensor instead of bool.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size))
