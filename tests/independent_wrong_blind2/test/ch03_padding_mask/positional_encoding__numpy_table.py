# 실수: 표를 numpy 배열로 만들어 그대로 돌려줍니다. torch 텐서로 돌려줘야 합니다.
# mistake: The table is built and returned as a numpy array; it must be a torch tensor.
import numpy as np


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    table = np.zeros((max_len, d_model))
    pos = np.arange(max_len)[:, None]
    div = np.power(10000.0, np.arange(0, d_model, 2) / d_model)
    table[:, 0::2] = np.sin(pos / div)
    table[:, 1::2] = np.cos(pos / div)
    return table
