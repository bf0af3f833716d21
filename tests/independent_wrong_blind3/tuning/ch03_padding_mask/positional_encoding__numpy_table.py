# 실수: numpy 로 표를 만들어 배열 그대로 돌려줌
# mistake: builds the table with numpy and returns the array
import math

import torch

import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len)[:, None]
    div = 10000 ** (np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(pos / div)
    pe[:, 1::2] = np.cos(pos / div)
    return pe
