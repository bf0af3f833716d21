# 실수: generator 가 None 이면 새 torch.Generator() 를 만들어 써서, 전역 난수(torch.manual_seed)를 따르지 않습니다. None 은 그대로 넘기면 됩니다.
# mistake: When generator is None a fresh torch.Generator() is created, so the global random state (torch.manual_seed) is not followed; None can simply be passed on.
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    if generator is None:
        generator = torch.Generator()
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_in)
