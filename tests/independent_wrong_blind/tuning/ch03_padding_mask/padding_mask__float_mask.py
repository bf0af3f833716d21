# 실수: .float() 를 붙여 bool 이 아니라 1.0/0.0 실수 마스크를 돌려줍니다.
# mistake: adds .float() and returns a 1.0/0.0 float mask instead of a bool mask.
def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).float().unsqueeze(1)
