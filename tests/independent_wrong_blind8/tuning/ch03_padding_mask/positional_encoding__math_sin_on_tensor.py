# 실수: 원소가 여럿인 각도 텐서에 math.sin/math.cos 를 써서 오류가 남 (torch.sin 이어야 함)
# mistake: applies math.sin/math.cos to a multi-element angle tensor, which raises (torch.sin is needed)
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pe = torch.zeros(size=(max_len, d_model))
    for i in range(d_model // 2):
        pos = torch.arange(max_len, dtype=torch.float32)
        angle = pos / 10000 ** (2 * i / d_model)   # 이 열의 모든 자리
        pe[:, 2 * i] = math.sin(angle)
        pe[:, 2 * i + 1] = math.cos(angle)
    return pe
