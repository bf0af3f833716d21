# 실수: 두 마스크를 & 가 아니라 | 로 묶어 한쪽만 허락해도 볼 수 있게 됨
# mistake: combines the two masks with | instead of &, so a cell is visible when only one of them allows it
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):  # (문제 3 에서 맞게 작성한 함수)
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    """bool [B, 1, S, S]: 패딩 마스크 [B, 1, 1, S] & 미래 가리기 [S, S]."""
    padding = (x != pad_id)[:, None, None, :]
    return padding | causal_mask(x.shape[-1])   # 둘 다 합치기
