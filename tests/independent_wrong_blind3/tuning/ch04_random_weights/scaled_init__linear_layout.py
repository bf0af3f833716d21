# 실수: nn.Linear 처럼 [d_out, d_in] 모양으로 뽑음
# mistake: draws an nn.Linear-style [d_out, d_in] matrix
import math

import torch

def scaled_init(d_in, d_out, generator=None):
    return torch.randn(d_out, d_in, generator=generator) / math.sqrt(d_in)
