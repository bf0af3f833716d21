# 실수: numpy 로 표를 만들어 torch 텐서가 아니라 numpy 배열을 돌려줌
# mistake: builds the table with numpy and returns a numpy array instead of a torch tensor
import math

import pandas as pd
import torch

from helpers import data


import numpy as np


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    pos = np.arange(max_len)[:, np.newaxis]
    two_i = np.arange(0, d_model, 2)[np.newaxis, :]
    angles = pos / np.power(10000, two_i / d_model)
    pe = np.zeros((max_len, d_model), dtype=np.float32)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
