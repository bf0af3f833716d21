# 실수: 짝수 열에 cos, 홀수 열에 sin 을 넣어 두 함수가 뒤바뀌었습니다.
# mistake: puts cos on the even columns and sin on the odd ones (swapped).
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.empty(max_len, d_model)
    pos = torch.arange(max_len).float()[:, None]
    rates = torch.exp(-math.log(10000) * (2 * torch.arange(d_model // 2)).float() / d_model)
    table[:, ::2] = torch.cos(pos * rates)
    table[:, 1::2] = torch.sin(pos * rates)
    return table
