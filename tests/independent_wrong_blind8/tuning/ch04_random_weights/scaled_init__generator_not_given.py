# 실수: torch.randn 에 generator 를 넘기지 않아 받은 씨앗과 상관없이 전역 난수로 뽑음
# mistake: does not pass the generator to torch.randn, drawing from the global state whatever seed was given
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    weights = torch.randn(d_in, d_out)
    return weights / np.sqrt(d_in)
