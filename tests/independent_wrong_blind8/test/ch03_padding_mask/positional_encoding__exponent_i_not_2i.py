# 실수: 분모의 지수에 2i/d_model 이 아니라 i/d_model 을 써서 열마다 주파수가 틀림
# mistake: uses i/d_model instead of 2i/d_model in the exponent, so the frequencies are wrong
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pe = torch.zeros(size=(max_len, d_model))
    pos = torch.arange(max_len).float().unsqueeze(1)
    i = torch.arange(d_model // 2).float()
    angle = pos / torch.pow(10000.0, i / d_model)
    pe[:, 0::2] = torch.sin(angle)
    pe[:, 1::2] = torch.cos(angle)
    return pe
