# 실수: `torch.tril(ones) == 0` 으로 비교해, 볼 수 있는 칸이 아니라 미래 (위 삼각형) 가 True 입니다
# mistake: compares torch.tril(ones) == 0, so the future (upper triangle) is True instead of the visible cells
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    lower = torch.tril(torch.ones(size, size))
    return lower == 0
