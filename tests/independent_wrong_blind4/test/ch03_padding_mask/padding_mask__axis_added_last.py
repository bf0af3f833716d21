# 실수: 가운데가 아니라 끝에 축을 붙여 [batch, seq, 1] 을 돌려줌
# mistake: adds the new axis at the end, returning [batch, seq, 1] instead of [batch, 1, seq]
import math

import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).unsqueeze(-1)
