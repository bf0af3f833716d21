# 실수: 인자 pad_id 를 쓰지 않고 0 과 비교해서, 패딩 번호가 0 이 아니면 틀립니다.
# mistake: Compares with 0 instead of the pad_id argument.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != 0).unsqueeze(1)
