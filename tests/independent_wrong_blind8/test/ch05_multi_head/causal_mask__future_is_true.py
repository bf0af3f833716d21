# 실수: triu(diagonal=1) 로 미래 칸이 True 인 '가릴 칸' 마스크를 돌려줌 (과정의 약속은 True = 볼 수 있음)
# mistake: returns triu(diagonal=1), a mask that is True at the future cells to hide (the course's convention is True = may attend)
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.triu(torch.ones(size, size, dtype=torch.bool), diagonal=1)
