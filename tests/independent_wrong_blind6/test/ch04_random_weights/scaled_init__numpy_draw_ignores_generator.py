# 실수: np.random.randn 으로 뽑아 받은 generator 를 쓰지 않음
# mistake: draws with np.random.randn, so the generator it receives is never used
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    w = np.random.randn(d_in, d_out) / np.sqrt(d_in)
    return torch.from_numpy(w).float()
