# 실수: 균등분포의 경계 √(3/d_in) 를 정규 난수에 곱해, 표준편차가 √3 배 큽니다
# mistake: multiplies the normal draws by √(3/d_in), a uniform distribution's bound, so the standard deviation is √3 times too large
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    bound = math.sqrt(3.0 / d_in)     # 분산 1/d_in 의 경계
    return torch.randn(d_in, d_out, generator=generator) * bound
