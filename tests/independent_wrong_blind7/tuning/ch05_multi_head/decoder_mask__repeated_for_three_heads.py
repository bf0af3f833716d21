# 실수: 강의의 머리 3 개에 맞춰 머리 축을 3 으로 늘려 [B, 3, S, S] 를 돌려줍니다
# mistake: repeats the head axis for the lecture's 3 heads, returning [B, 3, S, S]
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    mask = (x != pad_id)[:, None, None, :] & causal_mask(x.size(1))   # [B, 1, S, S]
    return mask.repeat(1, 3, 1, 1)      # 머리마다 하나씩
