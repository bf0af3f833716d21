# 실수: torch.tril(torch.ones(size, size)) 를 그대로 돌려주어 bool 이 아니라 1.0/0.0 실수 표가 됩니다.
# mistake: returns torch.tril(torch.ones(size, size)) as it is, a 1.0/0.0 float table instead of a bool mask.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size))
