# 실수: tril(diagonal=-1) 로 대각선까지 가려, 자기 자신을 볼 수 없음
# mistake: uses tril(diagonal=-1), which also hides the diagonal, so a position cannot see itself
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)
