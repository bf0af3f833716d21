# 실수: generator 가 None 이면 새 torch.Generator() 를 만들어, 전역 씨앗을 따르지 않음
# mistake: creates a new torch.Generator() when generator is None, so the global seed is not followed
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    if generator is None:
        generator = torch.Generator()
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_in)
