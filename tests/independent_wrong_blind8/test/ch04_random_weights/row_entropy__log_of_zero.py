# 실수: p * torch.log(p) 를 그대로 더해 비율이 0 인 칸에서 0·(−inf) = nan 이 나옴
# mistake: sums p * torch.log(p) directly, so cells with weight 0 give 0·(−inf) = nan
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    return -(weights * torch.log(weights)).sum(dim=-1)
