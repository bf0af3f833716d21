# 실수: numpy 로 비교해 numpy bool 배열을 돌려줌
# mistake: compares in numpy and returns a numpy bool array
import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    ids = x.numpy()
    return (ids != pad_id)[:, None, :]
