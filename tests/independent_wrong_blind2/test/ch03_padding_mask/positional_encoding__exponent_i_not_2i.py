# 실수: 분모의 지수를 i / d_model 로 썼습니다. 식은 10000^(2i / d_model) 입니다.
# mistake: The exponent in the denominator is written i / d_model; the formula has 10000^(2i / d_model).
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.zeros(size=(max_len, d_model))
    pos = torch.arange(max_len).float()[:, None]
    i = torch.arange(d_model // 2).float()
    angle = pos / 10000 ** (i / d_model)
    table[:, 0::2] = torch.sin(angle)
    table[:, 1::2] = torch.cos(angle)
    return table
