# 실수: generator 가 None 이면 새 Generator() 를 만들어 전역 씨앗을 따르지 않음
# mistake: creates a new torch.Generator() when generator is None, ignoring the global seed
import math

import torch

def scaled_init(d_in, d_out, generator=None):
    if generator is None:
        generator = torch.Generator()
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_in)
