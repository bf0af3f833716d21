# 실수: 가운데 축 1 을 넣지 않아 [batch, seq] 를 돌려줍니다. 모든 Query 줄로 퍼지도록 [batch, 1, seq] 여야 합니다.
# mistake: The middle axis of size 1 is missing, so [batch, seq] is returned; it must be [batch, 1, seq] to broadcast over the query rows.
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return x != pad_id
