# 실수: 앞의 마이너스를 빠뜨려 Σ p·ln p (0 이하의 값) 를 돌려줌
# mistake: drops the leading minus sign, returning Σ p·ln p (values ≤ 0)
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    # 0 인 칸은 빼고 더하기
    safe = weights.clamp_min(1e-30)
    plogp = torch.where(weights > 0, weights * torch.log(safe), torch.zeros_like(weights))
    H = plogp.sum(dim=-1)
    return H
