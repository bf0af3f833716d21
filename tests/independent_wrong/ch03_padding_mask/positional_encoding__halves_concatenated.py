# 실수: sin 과 cos 을 열마다 번갈아 넣지 않고, 앞 절반은 sin, 뒤 절반은 cos 으로 이어 붙였습니다.
# mistake: Concatenates all the sines (first half) and then all the cosines (second half) instead of interleaving them on even/odd columns.
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    position = torch.arange(max_len, dtype=torch.float32)[:, None]
    i = torch.arange(0, d_model, 2, dtype=torch.float32)
    angle = position / torch.pow(10000.0, i / d_model)
    return torch.cat([torch.sin(angle), torch.cos(angle)], dim=-1)
