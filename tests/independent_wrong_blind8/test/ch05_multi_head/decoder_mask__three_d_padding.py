# 실수: 3강의 [B, 1, S] 패딩 마스크를 써서 [B, 1, S, S] 가 아니라 [B, S, S] 를 돌려줌
# mistake: uses chapter 3's [B, 1, S] padding mask, returning [B, S, S] instead of [B, 1, S, S]
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):  # (문제 3 에서 맞게 작성한 함수)
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    pad = (x != pad_id).unsqueeze(1)   # [B, 1, S]
    return pad & causal_mask(x.size(1))
