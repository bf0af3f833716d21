# 실수: arange 비교를 q ≤ k 로 써서, 미래 (위 삼각형) 가 True 가 됨
# mistake: compares the aranges as query ≤ key, so the future (upper triangle) is True
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    pos = torch.arange(size)
    return pos[:, None] <= pos[None, :]
