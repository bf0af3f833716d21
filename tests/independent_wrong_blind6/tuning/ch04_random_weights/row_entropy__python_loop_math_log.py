# 실수: 줄과 칸을 파이썬 반복문으로 돌며 if v > 0 과 math.log 를 써, 배치 축이 붙으면 칸이 텐서가 되어 오류가 남
# mistake: loops over rows and cells in Python with `if v > 0` and math.log, so with batch axes each 'cell' is a tensor and it raises
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    H = []
    for row in weights:
        h = 0.0
        for v in row:
            if v > 0:
                h -= float(v) * math.log(float(v))
        H.append(h)
    return torch.tensor(H, dtype=weights.dtype)
