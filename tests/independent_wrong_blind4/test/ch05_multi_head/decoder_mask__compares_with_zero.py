# 실수: pad_id 대신 0 과 비교
# mistake: compares with 0 instead of pad_id
import math

import torch  # 텐서


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    keep = (x != 0)[:, None, None, :]
    return keep & causal_mask(x.size(-1))
