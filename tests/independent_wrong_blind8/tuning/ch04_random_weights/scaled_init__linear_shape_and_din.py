# 실수: 두 실수: nn.Linear 처럼 [d_out, d_in] 모양으로 뽑고, √d_in 이 아니라 d_in 으로 나눔
# mistake: two mistakes: draws the shape [d_out, d_in] like nn.Linear, and divides by d_in instead of √d_in
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    w = torch.randn(d_out, d_in, generator=generator)  # nn.Linear 의 weight 모양
    w = w / d_in
    return w
