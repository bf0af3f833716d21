# 실수: randn(d_in, d_in, …) 으로 뽑아 d_out 이 쓰이지 않고 정사각 모양이 됨
# mistake: draws randn(d_in, d_in, ...), so d_out is not used and the result is square
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    return torch.randn(d_in, d_in, generator=generator) / d_in ** 0.5
