# 실수: 자리를 0 이 아니라 1 부터 세어 표 전체가 한 자리씩 밀렸습니다.
# mistake: Counts positions from 1 instead of 0 (off by one), so every row is shifted by one pos.
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.zeros((max_len, d_model))
    pos = torch.arange(1, max_len + 1, dtype=torch.float).unsqueeze(1)
    div = torch.arange(0, d_model, 2, dtype=torch.float).mul(-math.log(10000.0) / d_model).exp()
    table[:, 0::2] = torch.sin(pos * div)
    table[:, 1::2] = torch.cos(pos * div)
    return table
