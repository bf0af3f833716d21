# 실수: He 초기화처럼 √(2/d_in) 을 곱해, 표준편차가 √2 배 큼
# mistake: multiplies by √(2/d_in) as in He initialisation, so the standard deviation is √2 times too large
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    return torch.randn(d_in, d_out, generator=generator) * math.sqrt(2.0 / d_in)
