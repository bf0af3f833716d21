# 실수: √d_in 대신 √(d_in · d_out) 으로 나눕니다
# mistake: divides by √(d_in · d_out) instead of √d_in
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    W = torch.randn(d_in, d_out, generator=generator)
    return W / math.sqrt(d_in * d_out)
