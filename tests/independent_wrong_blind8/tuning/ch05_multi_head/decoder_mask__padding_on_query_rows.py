# 실수: 패딩 마스크를 [B, 1, S, 1] 로 세워 Key 열이 아니라 Query 줄을 가림
# mistake: shapes the padding mask as [B, 1, S, 1], hiding Query rows instead of Key columns
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):  # (문제 3 에서 맞게 작성한 함수)
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    S = x.shape[1]
    pad_mask = (x != pad_id)[:, None, :, None]
    future = causal_mask(S)
    return pad_mask & future
