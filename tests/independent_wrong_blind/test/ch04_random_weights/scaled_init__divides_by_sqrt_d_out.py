# 실수: √d_in 이 아니라 √d_out 으로 나눕니다.
# mistake: divides by √d_out instead of √d_in.
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    W = torch.randn(d_in, d_out, generator=generator)
    return W / math.sqrt(d_out)
