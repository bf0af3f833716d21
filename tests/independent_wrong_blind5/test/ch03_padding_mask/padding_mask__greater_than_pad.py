# 실수: 실제 낱말을 x > pad_id 로 골라, pad_id 보다 작은 번호의 낱말도 가림
# mistake: selects real tokens with x > pad_id, so words whose id is below pad_id are hidden too
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x > pad_id).unsqueeze(1)
