# 실수: 마지막 두 축으로 평균을 낸 텐서에 float() 을 써서, 배치 축이 있어 평균이 여러 개이면 오류가 납니다
# mistake: calls float() on the means over the last two axes, which fails when batch axes leave more than one number
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    table = Q @ K.transpose(-2, -1)
    root = math.sqrt(Q.size(-1))
    before = float(table.abs().mean(dim=(-2, -1)))      # 표 하나의 평균
    after = float((table / root).abs().mean(dim=(-2, -1)))
    return before, after
