# 실수: bool 이 아니라 1.0/0.0 실수 텐서로 마스크를 만듦
# mistake: builds the mask as a float tensor of 1.0 / 0.0 instead of a bool tensor
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    keep = torch.where(x == pad_id, 0.0, 1.0)  # 패딩이면 0, 아니면 1
    return keep.unsqueeze(1)
