# 실수: x.bool() 로 0 이 아닌 번호를 True 로 삼아 pad_id 가 효과가 없음
# mistake: takes x.bool() (every id that is not 0) as the real tokens, so pad_id has no effect
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return x.bool().unsqueeze(1)
