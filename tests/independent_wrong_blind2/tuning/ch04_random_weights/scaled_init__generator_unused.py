# 실수: torch.randn 에 generator 를 넘기지 않아, 씨앗을 준 generator 를 받아도 전역 난수로 뽑습니다.
# mistake: The generator is not passed to torch.randn, so a seeded generator is ignored and the global random state is used.
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_in, d_out) / math.sqrt(d_in)
