# 실수: 뽑은 난수를 그 표본 표준편차로 먼저 나눠 (표준편차가 정확히 1 이 되게) 값이 달라집니다
# mistake: first divides the draws by their sample standard deviation (to make it exactly 1), which changes every value
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    W = torch.randn(d_in, d_out, generator=generator)
    W = W / W.std()            # 표본 표준편차를 정확히 1로
    return W / math.sqrt(d_in)
