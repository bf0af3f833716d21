# 실수: 짝수 열에 cos, 홀수 열에 sin 을 넣었습니다. 짝수 열이 sin, 홀수 열이 cos 입니다.
# mistake: cos goes into the even columns and sin into the odd ones; it is sin on even columns and cos on odd ones.
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
    i2 = torch.arange(0, d_model, 2, dtype=torch.float32)
    angle = pos / torch.pow(10000.0, i2 / d_model)
    table = torch.zeros(size=(max_len, d_model))
    table[:, 0::2] = torch.cos(angle)
    table[:, 1::2] = torch.sin(angle)
    return table
