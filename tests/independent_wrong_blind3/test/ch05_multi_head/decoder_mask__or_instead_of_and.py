# 실수: 두 마스크를 & 대신 | 로 묶음
# mistake: combines the two masks with | instead of &
import math

import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    pad = (x != pad_id)[:, None, None, :]
    return pad | causal_mask(x.size(1))
