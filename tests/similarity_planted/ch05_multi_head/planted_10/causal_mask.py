import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    # 대각선 바로 위부터 오른쪽 위(미래)만 True 인 표를 만들고 통째로 뒤집음
    future = torch.ones(size, size, dtype=torch.bool).triu(diagonal=1)
    return ~future
