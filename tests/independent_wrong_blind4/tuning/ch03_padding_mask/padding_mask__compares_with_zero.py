# 실수: pad_id 대신 0 과 비교
# mistake: compares with 0 instead of pad_id
import math

import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != 0).unsqueeze(1)
