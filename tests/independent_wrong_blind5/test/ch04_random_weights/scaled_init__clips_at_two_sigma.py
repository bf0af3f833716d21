# 실수: 잘린 정규분포를 흉내 내 표준 정규 난수를 ±2 에서 잘라 나눔
# mistake: imitates a truncated normal by clipping the standard normal draws at ±2 before dividing
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    z = torch.randn(d_in, d_out, generator=generator).clamp(-2.0, 2.0)
    return z / math.sqrt(d_in)
