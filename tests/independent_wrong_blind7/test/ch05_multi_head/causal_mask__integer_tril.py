# 실수: 정수 1 로 찬 표에 tril 을 씌워 bool 대신 int64 0/1 마스크를 돌려줍니다
# mistake: applies tril to a table of integer ones and returns an int64 0/1 mask instead of a bool one
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.int64))
