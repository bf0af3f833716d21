# 실수: generator 가 None 이면 새 torch.Generator() 를 만들어 씁니다. 기본값으로 부르면 전역 난수(torch.manual_seed)를 따르지 않고 언제나 같은 가중치가 나옵니다.
# mistake: creates a fresh torch.Generator() when generator is None, so a call with the default ignores the global random state (torch.manual_seed) and always gives the same weights.
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    if generator is None:
        generator = torch.Generator()
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_in)
