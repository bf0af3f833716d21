# 실수: unsqueeze(-1) 로 축을 끝에 붙여 [batch, seq, 1] 이 됩니다. 점수표와 맞추면 [PAD] 열(Key)이 아니라 [PAD] 줄(Query)을 가립니다.
# mistake: appends the axis with unsqueeze(-1), giving [batch, seq, 1], which hides the [PAD] query rows instead of the [PAD] key columns.
def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).unsqueeze(-1)
