# 실수: √d_in 이 아니라 d_in 으로 나눠 표준편차가 1/d_in 이 됨
# mistake: divides by d_in instead of √d_in, so the standard deviation is 1/d_in
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    W = torch.randn(d_in, d_out, generator=generator)
    return W / d_in
