# 실수: causal_mask 를 '가릴 칸' 으로 여겨 ~causal_mask(S) 와 묶어, 과거와 자기 자신이 가려지고 미래가 보임
# mistake: treats causal_mask as the cells to hide and combines with ~causal_mask(S), so the past and the diagonal are hidden and the future shown
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    not_pad = (x != pad_id).unsqueeze(1).unsqueeze(2)
    future = causal_mask(x.size(-1))
    return not_pad & ~future
