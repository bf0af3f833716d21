# 실수: 함수 자체는 맞지만, 같은 파일의 causal_mask 가 int64 0/1 표를 돌려주어 & 의 결과가 bool 이 아닌 정수입니다
# mistake: its own code is right, but the causal_mask in the same file returns an int64 0/1 table, so the & gives an integer mask instead of bool
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.long))


def decoder_mask(x, pad_id=0):
    pad = (x != pad_id)[:, None, None, :]       # [B, 1, 1, S]
    return pad & causal_mask(x.size(-1))
