# 실수: 실제 낱말이 아니라 [PAD] 자리가 True 인, 뒤집힌 마스크를 돌려줍니다.
# mistake: Returns the inverted mask: True on the padding, False on the real tokens.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x == pad_id).unsqueeze(1)
