# 실수: 열 수를 강의의 8 로 박아 넣어 d_out 이 아무 영향이 없음
# mistake: writes in the lecture's width 8 for the columns, so d_out has no effect
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    weight = torch.randn(d_in, 8, generator=generator)
    return weight / math.sqrt(d_in)
