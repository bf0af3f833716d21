# 실수: generator 가 None 이면 씨앗 0 인 새 생성기를 만들어 전역 씨앗(torch.manual_seed)을 따르지 않음
# mistake: makes a new generator seeded 0 when generator is None, so it ignores the global seed set by torch.manual_seed
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    if generator is None:
        generator = torch.Generator().manual_seed(0)  # 생성기가 없으면 하나 만들기
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_in)
