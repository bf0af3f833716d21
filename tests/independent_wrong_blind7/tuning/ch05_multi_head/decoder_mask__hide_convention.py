# 실수: nn.MultiheadAttention 처럼 '가릴 칸 = True' 로 만들어 ([PAD] 이거나 미래인 칸을 | 로 묶음), 과정의 약속 (True = 볼 수 있음) 과 거꾸로입니다
# mistake: builds the mask the nn.MultiheadAttention way, True = hidden ([PAD] or future joined with |), the opposite of the course's True = may attend
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    B, S = x.shape
    is_pad = (x == pad_id).view(B, 1, 1, S)
    future = ~causal_mask(S)
    return is_pad | future       # 가릴 칸
