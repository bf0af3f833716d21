# 실수: 앞쪽 축을 모두 한 축으로 펴서 [N, S] 표로 계산한 뒤 원래 모양으로 되돌리지 않습니다 (1차원 입력은 [1, S])
# mistake: flattens all leading axes into one [N, S] table and never restores the input's shape (a 1-D input comes back [1, S])
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def row_softmax(scores):
    rows = scores.reshape(-1, scores.shape[-1])   # 줄들을 한 표로
    rows = rows - rows.amax(dim=1, keepdim=True)
    e = rows.exp()
    return e / e.sum(dim=1, keepdim=True)
