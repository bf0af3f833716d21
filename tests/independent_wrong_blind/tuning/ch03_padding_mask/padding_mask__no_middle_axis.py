# 실수: 가운데 축 1 을 끼우지 않아 [batch, 1, seq] 가 아니라 [batch, seq] 를 돌려줍니다.
# mistake: forgets to insert the middle axis, returning [batch, seq] instead of [batch, 1, seq].
def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    mask = x != pad_id
    return mask
