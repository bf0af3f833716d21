# 실수: pad_id 대신 0 과 비교하고, 축을 가운데가 아니라 끝에 붙여 [batch, seq, 1] 을 돌려줌
# mistake: compares with 0 instead of pad_id and adds the axis at the end, returning [batch, seq, 1]
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return x.ne(0).unsqueeze(-1)
