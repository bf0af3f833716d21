# 실수: 자리를 0 이 아니라 1 부터 셈
# mistake: counts the positions from 1 instead of 0
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    enc = torch.empty(max_len, d_model)
    where = torch.arange(1, max_len + 1, dtype=torch.float32)[:, None]
    rates = 1.0 / 10000.0 ** (torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    enc[:, 0::2] = torch.sin(where * rates)
    enc[:, 1::2] = torch.cos(where * rates)
    return enc
