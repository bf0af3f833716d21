# 실수: 밑이 2 인 로그 (bit) 를 쓰고, keepdim=True 로 더해 [..., S_q, 1] 을 돌려줍니다
# mistake: uses the base-2 log (bits) and sums with keepdim=True, returning [..., S_q, 1]
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    terms = torch.xlogy(weights, weights) / math.log(2)   # 비트 단위
    return -terms.sum(dim=-1, keepdim=True)
