# 실수: diagonal=-1 로 대각선까지 가려서 자기 자신을 보지 못합니다 (한 칸 차이).
# mistake: Uses diagonal=-1, hiding the diagonal too (off by one): a position cannot see itself.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size), diagonal=-1).bool()
