# 실수: 패딩 마스크를 만드는 도우미 함수를 pad_id 없이 불러 늘 기본값 0 과 비교함
# mistake: calls its own padding-mask helper without passing pad_id, so it always compares with the default 0
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def make_pad_mask(x, pad_id=0):
    return (x != pad_id)[:, None, None, :]


def decoder_mask(x, pad_id=0):
    S = x.shape[-1]
    return make_pad_mask(x) & causal_mask(S)
