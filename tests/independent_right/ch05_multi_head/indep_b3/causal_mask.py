import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    pos = torch.arange(size)
    # rows = query position i (axis 0), columns = key position j (axis 1)
    # visible where j <= i  ->  lower triangle incl. diagonal, shape (size, size)
    return pos[None, :] <= pos[:, None]
