# 실수: `.numpy()` 로 바꿔 torch 텐서 대신 numpy 배열을 돌려줍니다
# mistake: returns .numpy() of the weights, a numpy array instead of a torch tensor
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    weights = torch.randn(d_in, d_out, generator=generator) / d_in ** 0.5
    return weights.numpy()
