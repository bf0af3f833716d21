# 실수: 강의 표처럼 소수 둘째 자리로 반올림해 돌려줌
# mistake: rounds the result to two decimals like the lecture's printed table
import torch

import math


def scale_scores(scores, d_k):
    return torch.round(scores / math.sqrt(d_k), decimals=2)
