# 실수: pad_id 를 쓰지 않고 x > 0 으로 가리며, 결과도 float 로 바꿈
# mistake: ignores pad_id (uses x > 0) and also returns a float mask
import math

import torch


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq] 의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    keep = (x > 0).float()
    return keep[:, None, :]
