# 실수: tril(…, diagonal=-1) 로 대각선까지 가려서 자기 자신을 보지 못하고, 첫 줄에는 볼 칸이 하나도 없습니다.
# mistake: uses tril(…, diagonal=-1), which also hides the diagonal, so no position sees itself and the first row sees nothing.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)
