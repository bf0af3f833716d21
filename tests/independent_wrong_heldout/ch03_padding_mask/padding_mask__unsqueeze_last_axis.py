# 실수: 새 축을 가운데가 아니라 맨 뒤에 붙여 [batch, seq, 1] 이 됨: 가리는 것이 Key 열이 아니라 Query 줄로 퍼짐
# mistake: adds the new axis at the end, [batch, seq, 1], so it broadcasts over query rows instead of key columns
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    real = x != pad_id
    return real.unsqueeze(-1)
