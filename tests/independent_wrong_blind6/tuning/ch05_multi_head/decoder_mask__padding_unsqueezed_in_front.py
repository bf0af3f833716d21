# 실수: 패딩 마스크에 unsqueeze(0) 으로 맨 앞에 축을 붙여 결과가 [1, B, S, S] 모양이 됨
# mistake: adds the padding mask's extra axis in front with unsqueeze(0), so the result is [1, B, S, S]
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    keep = (x != pad_id).unsqueeze(1).unsqueeze(0)
    return keep & causal_mask(x.shape[1])
