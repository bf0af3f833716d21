# 실수: 짝수 열에 cos, 홀수 열에 sin 을 넣어 sin 과 cos 이 뒤바뀌었습니다.
# mistake: Puts cos on the even columns and sin on the odd ones (swapped).
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.zeros((max_len, d_model))
    pos = torch.arange(max_len, dtype=torch.float).unsqueeze(1)
    div = torch.arange(0, d_model, 2, dtype=torch.float).mul(-math.log(10000.0) / d_model).exp()
    table[:, 0::2] = torch.cos(pos * div)
    table[:, 1::2] = torch.sin(pos * div)
    return table
