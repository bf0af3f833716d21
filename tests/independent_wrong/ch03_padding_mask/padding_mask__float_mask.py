# 실수: bool 이 아니라 0./1. 실수 텐서로 돌려줍니다.
# mistake: Returns a float 0./1. tensor instead of a bool mask.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).float().unsqueeze(1)
