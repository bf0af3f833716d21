# 실수: log 0 을 피하려고 `torch.log1p(p)` = ln(1 + p) 를 써서 다른 값을 잽니다
# mistake: uses torch.log1p(p) = ln(1 + p) to avoid log 0, which measures something else
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    # log1p 는 0 에서도 안전하다
    return -(weights * torch.log1p(weights)).sum(dim=-1)
