# 실수: 패딩을 Key 열이 아니라 Query 줄로 가림 ([B, 1, S, 1])
# mistake: masks [PAD] as query rows ([B, 1, S, 1]) instead of key columns
import math

import torch  # 텐서


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    keep = (x != pad_id)[:, None, :, None]
    return keep & causal_mask(x.size(-1))
