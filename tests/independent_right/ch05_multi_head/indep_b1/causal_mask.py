import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    # 전부 1 인 정사각형 표
    ones = torch.ones(size, size)

    # 아래 삼각형만 남긴다 (대각선 포함, 대각선은 자기 자신이라 보인다)
    lower = torch.tril(ones)

    # True / False 로 바꾸기
    mask = lower.bool()

    return mask
