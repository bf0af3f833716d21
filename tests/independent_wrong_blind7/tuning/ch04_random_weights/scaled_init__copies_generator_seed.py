# 실수: 받은 generator 를 건드리지 않으려고 그 initial_seed() 로 새 생성기를 만들므로, generator 가 기본값 None 이면 AttributeError 가 납니다
# mistake: builds a new generator from generator.initial_seed() so as not to advance the one it is given, so with the default None it raises AttributeError
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    # 받은 generator의 상태를 바꾸지 않도록, 같은 씨앗으로 새로 만든다
    g = torch.Generator().manual_seed(generator.initial_seed())
    return torch.randn(d_in, d_out, generator=g) / math.sqrt(d_in)
