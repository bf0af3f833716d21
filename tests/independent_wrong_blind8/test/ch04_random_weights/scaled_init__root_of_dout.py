# 실수: √d_in 이 아니라 √d_out 으로 나눔
# mistake: divides by √d_out instead of √d_in
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    std = 1 / math.sqrt(d_out)
    return std * torch.randn(d_in, d_out, generator=generator)
