# 실수: 마지막 축이 아니라 끝에서 둘째 축(dim=-2, Query 방향)으로 더해 열마다의 합을 돌려줌
# mistake: sums over the second-to-last axis (dim=-2, the query direction) instead of the last, returning per-column sums
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    terms = torch.xlogy(weights, weights)
    return -terms.sum(dim=-2)
