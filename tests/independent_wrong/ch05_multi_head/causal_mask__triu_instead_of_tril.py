# 실수: tril 대신 triu (위 삼각형)를 써서 과거가 아니라 미래를 봅니다.
# mistake: Uses torch.triu (upper triangle) instead of torch.tril, so each query sees the future instead of the past.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.triu(torch.ones(size, size, dtype=torch.bool))
