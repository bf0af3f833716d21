# 실수: diagonal=-1 로 대각선까지 가렸습니다. 자기 자리(대각선)는 볼 수 있어야 합니다.
# mistake: diagonal=-1 hides the diagonal as well; each position may see itself.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)
