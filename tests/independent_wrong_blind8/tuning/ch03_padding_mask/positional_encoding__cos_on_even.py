# 실수: 짝수 열에 cos, 홀수 열에 sin 을 넣어 둘이 뒤바뀜
# mistake: puts cos on the even columns and sin on the odd ones, swapped
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.zeros(size=(max_len, d_model))
    for pos in range(max_len):
        for i in range(0, d_model, 2):
            angle = pos / (10000 ** (i / d_model))
            table[pos, i] = math.cos(angle)
            table[pos, i + 1] = math.sin(angle)
    return table
