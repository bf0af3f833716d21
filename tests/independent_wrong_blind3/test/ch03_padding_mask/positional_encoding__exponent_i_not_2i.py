# 실수: 지수에 2i 대신 i (열 쌍 번호)를 씀
# mistake: uses i instead of 2i in the exponent
import math

import torch


def positional_encoding(max_len, d_model):
    table = torch.zeros((max_len, d_model))
    for pos in range(max_len):
        for i in range(d_model // 2):
            angle = pos / 10000 ** (i / d_model)
            table[pos, 2 * i] = math.sin(angle)
            table[pos, 2 * i + 1] = math.cos(angle)
    return table
