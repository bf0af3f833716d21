# 실수: 자연로그가 아니라 밑이 2 인 로그(bit)로 재서 1/ln 2 배가 됨
# mistake: measures in bits with the base-2 log instead of the natural log, off by a factor 1/ln 2
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    p = weights
    logp = torch.where(p > 0, torch.log2(p), torch.zeros_like(p))  # 0 인 칸은 0
    return -(p * logp).sum(-1)
