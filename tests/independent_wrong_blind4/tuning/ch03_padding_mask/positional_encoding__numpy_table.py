# 실수: 표를 numpy 로 만들어 torch 텐서가 아니라 numpy 배열을 돌려줌
# mistake: builds the table with numpy and returns a numpy array instead of a torch tensor
import math

import numpy as np
import torch


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    enc = np.zeros((max_len, d_model), dtype=np.float32)
    pos = np.arange(max_len)[:, None]
    denominators = np.power(10000.0, np.arange(0, d_model, 2) / d_model)
    enc[:, 0::2] = np.sin(pos / denominators)
    enc[:, 1::2] = np.cos(pos / denominators)
    return enc
