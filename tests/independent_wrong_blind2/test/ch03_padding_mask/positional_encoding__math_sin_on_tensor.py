# 실수: math.sin 과 math.cos 는 숫자 하나만 받습니다. 각도 텐서 전체에는 torch.sin, torch.cos 를 써야 합니다.
# mistake: math.sin and math.cos take a single number; the whole angle tensor needs torch.sin and torch.cos.
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.zeros(size=(max_len, d_model))
    pos = torch.arange(max_len).unsqueeze(1).float()
    freq = torch.exp(-math.log(10000.0) * torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    table[:, 0::2] = math.sin(pos * freq)
    table[:, 1::2] = math.cos(pos * freq)
    return table
