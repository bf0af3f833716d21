# 실수: pad_id 대신 늘 0 과 비교해 [PAD] 번호가 0 이 아닌 입력에서 틀림
# mistake: always compares with 0 instead of pad_id, so inputs whose [PAD] id is not 0 go wrong
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):  # (문제 3 에서 맞게 작성한 함수)
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    keys_ok = (x != 0).unsqueeze(1).unsqueeze(2)  # [B, 1, 1, S]
    return keys_ok & causal_mask(x.size(-1))
