# 실수: unsqueeze(-1) 로 [batch, seq, 1] 을 만들어, 점수표에서 Key 열이 아니라 Query 줄을 가리게 됩니다. [batch, 1, seq] 여야 합니다.
# mistake: unsqueeze(-1) gives [batch, seq, 1], which would hide query rows instead of key columns; the shape must be [batch, 1, seq].
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x != pad_id).unsqueeze(-1)
