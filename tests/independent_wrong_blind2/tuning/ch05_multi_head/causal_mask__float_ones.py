# 실수: torch.tril(torch.ones(size, size)) 를 그대로 돌려줘서 bool 이 아니라 실수 0/1 텐서입니다.
# mistake: torch.tril(torch.ones(size, size)) is returned as is, a float 0/1 tensor rather than bool.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size))
