# 실수: generator 가 None 이면 torch.manual_seed(0) 으로 전역 씨앗을 다시 정해, 앞서 정한 씨앗을 무시함
# mistake: when generator is None it reseeds the global generator with torch.manual_seed(0), discarding the caller's seed
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    if generator is None:
        torch.manual_seed(0)   # 씨앗이 없으면 0 으로
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_in)
