# 실수: x == pad_id 로 만들어 [PAD] 자리가 True, 실제 낱말이 False 인 거꾸로 된 마스크를 돌려줍니다.
# mistake: builds x == pad_id, so the mask is True at [PAD] and False at real tokens (inverted).
def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x == pad_id).unsqueeze(1)
