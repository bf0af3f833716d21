# 실수: dim=-2 (Query 축) 를 따라 더해, 줄이 아니라 열마다의 값을 돌려줌
# mistake: sums along dim=-2 (the query axis), returning one value per column instead of per row
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    return -torch.xlogy(weights, weights).sum(dim=-2)
