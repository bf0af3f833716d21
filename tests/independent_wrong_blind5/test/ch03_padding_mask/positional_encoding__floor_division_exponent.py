# 실수: 지수 2i/d_model 을 정수 나눗셈 // 으로 계산해 0 이 되어, 모든 열의 분모가 1 이 됨
# mistake: computes the exponent 2i/d_model with integer division //, which gives 0, so every column's denominator is 1
import math

import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    enc = torch.empty(max_len, d_model)
    for pos in range(max_len):
        for i in range(d_model // 2):
            angle = pos / 10000 ** (2 * i // d_model)
            enc[pos, 2 * i] = math.sin(angle)
            enc[pos, 2 * i + 1] = math.cos(angle)
    return enc
