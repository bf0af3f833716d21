# 실수: pad_id 대신 0 과 비교해서 인자 pad_id 가 계산에 쓰이지 않습니다. [PAD] 번호가 0 이 아니면 틀립니다.
# mistake: compares with 0 instead of pad_id, so the pad_id parameter never reaches the computation; wrong whenever [PAD] is not 0.
def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != 0).unsqueeze(1)
