# 실수: 열 j 마다 10000^(j/d_model) 로 나눠서, 홀수 열(cos)이 짝 열 2i 의 분모가 아니라 자기 번호 2i+1 의 분모를 씀
# mistake: uses 10000^(j/d_model) with the column's own index j, so each odd (cos) column gets exponent (2i+1)/d_model instead of sharing 2i/d_model with its sin column
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = torch.empty(max_len, d_model)
    for pos in range(max_len):
        for j in range(d_model):
            angle = pos / (10000 ** (j / d_model))
            table[pos, j] = math.sin(angle) if j % 2 == 0 else math.cos(angle)
    return table
