# 실수: 인자 pad_id 대신 0 과 비교합니다. 패딩 번호가 0 이 아닐 때 틀립니다.
# mistake: The ids are compared with 0 instead of pad_id, which is wrong whenever the padding id is not 0.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    mask = x != 0
    return mask.unsqueeze(1)
