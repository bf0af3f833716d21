# 실수: 1/√d_in 대신 Xavier 의 √(2 / (d_in + d_out)) 를 곱함
# mistake: multiplies by Xavier's √(2 / (d_in + d_out)) instead of 1/√d_in
import math

import torch  # 텐서


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_in, d_out, generator=generator) * math.sqrt(2 / (d_in + d_out))
