# 실수: `torch.tril_indices(size, size)` 를 돌려주어, 표 대신 아래 삼각형 칸들의 (줄, 열) 번호 [2, n] 이 나옵니다
# mistake: returns torch.tril_indices(size, size), the [2, n] (row, column) numbers of the lower triangle instead of the table
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    # 아래 삼각형 (대각선 포함)
    return torch.tril_indices(size, size)
