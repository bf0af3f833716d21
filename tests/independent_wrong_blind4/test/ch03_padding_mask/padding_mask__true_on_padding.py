# 실수: x == pad_id 로 [PAD] 자리가 True 인 거꾸로 된 마스크
# mistake: uses x == pad_id, so the mask is True on [PAD] positions (reversed)
import math

import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x == pad_id).unsqueeze(1)
