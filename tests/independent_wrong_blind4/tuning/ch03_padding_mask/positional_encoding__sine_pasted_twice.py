# 실수: 짝수 열 줄을 복사하고 고치지 않아 홀수 열에도 sin 을 넣음
# mistake: copies the even-column line and forgets to change it, so odd columns hold sin as well
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    enc = torch.empty(max_len, d_model)
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
    denominators = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    enc[:, 0::2] = torch.sin(pos / denominators)
    enc[:, 1::2] = torch.sin(pos / denominators)
    return enc
