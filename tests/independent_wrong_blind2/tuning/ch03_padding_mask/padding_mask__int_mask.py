# 실수: 마스크를 .int() 로 바꿔 0/1 정수 텐서로 돌려줍니다. bool 텐서여야 합니다.
# mistake: The mask is converted with .int() into a 0/1 integer tensor; it must be a bool tensor.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).unsqueeze(1).int()
