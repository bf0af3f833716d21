# 실수: 마스크를 bool 이 아니라 0/1 정수 (long) 로 바꿔 돌려줌
# mistake: returns the mask as 0/1 integers (long) instead of bool
import math

import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).long().unsqueeze(1)
