# 실수: keepdim=True 로 더해 [..., S_q] 가 아니라 [..., S_q, 1] 을 돌려줌
# mistake: sums with keepdim=True, returning [..., S_q, 1] instead of [..., S_q]
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    return -torch.xlogy(weights, weights).sum(dim=-1, keepdim=True)
