# 실수: triu(...) == 0 으로 뒤집어 만들면서 diagonal=1 을 빠뜨려 대각선까지 False (자기 자신을 못 봄)
# mistake: builds it as triu(ones) == 0 but forgets diagonal=1, so the diagonal is False too (a position cannot see itself)
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    future = torch.triu(torch.ones(size, size))
    return future == 0
