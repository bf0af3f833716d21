# 실수: 10000 ** (2i / d_model) 를 괄호 없이 10000 ** (2 * i) / d_model 로 적음
# mistake: writes 10000 ** (2 * i) / d_model, dropping the brackets around the exponent
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    enc = torch.empty(max_len, d_model)
    pos = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)
    i = torch.arange(d_model // 2, dtype=torch.float64)
    angle = pos / (10000.0 ** (2 * i) / d_model)
    enc[:, 0::2] = torch.sin(angle)
    enc[:, 1::2] = torch.cos(angle)
    return enc
