# 실수: 새 축을 가운데(1)가 아니라 끝(-1)에 넣어 [batch, seq, 1] 이 되었습니다. 이러면 Key 열이 아니라 Query 줄을 가립니다.
# mistake: Inserts the new axis at the end ([batch, seq, 1]) instead of the middle ([batch, 1, seq]), so it would mask query rows instead of key columns.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).unsqueeze(-1)
