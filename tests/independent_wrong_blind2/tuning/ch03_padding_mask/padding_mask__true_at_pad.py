# 실수: x == pad_id 로 [PAD] 자리를 True 로 만들었습니다. 실제 낱말 자리가 True 여야 합니다.
# mistake: x == pad_id marks the [PAD] positions True; the real tokens must be True.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x == pad_id).unsqueeze(1)
