# 실수: causal_mask 의 크기로 자리 수가 아니라 문장 수 x.size(0) 을 씀
# mistake: sizes the causal mask by the number of sentences x.size(0) instead of the positions
import math

import torch  # 텐서


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    keep = (x != pad_id)[:, None, None, :]
    return keep & causal_mask(x.size(0))
