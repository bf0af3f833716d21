# 실수: 받은 generator 를 쓰지 않고 전역 난수로 뽑아서, 같은 씨앗의 generator 를 줘도 같은 가중치가 나오지 않습니다.
# mistake: Ignores the generator argument and draws from the global RNG.
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_in, d_out) / math.sqrt(d_in)
