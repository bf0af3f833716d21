# 실수: 강의의 pe_entry(pos, column, d_model=6) 를 옮겨 오고 부를 때 d_model 을 넘기지 않아, 언제나 d_model = 6 의 분모가 쓰입니다.
# mistake: copies the lecture's helper pe_entry(pos, column, d_model=6) and calls it without d_model, so the denominators always use d_model = 6.
import math

import torch


def pe_entry(pos, column, d_model=6):
    two_i = column - column % 2
    angle = pos / 10000 ** (two_i / d_model)
    return math.sin(angle) if column % 2 == 0 else math.cos(angle)


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    return torch.tensor([[pe_entry(pos, col) for col in range(d_model)] for pos in range(max_len)])
