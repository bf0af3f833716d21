# 실수: √d_in 으로 나누지 않고 곱함
# mistake: multiplies by √d_in instead of dividing
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator) * d_in ** 0.5
