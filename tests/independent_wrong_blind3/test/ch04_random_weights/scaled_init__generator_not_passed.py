# 실수: randn 에 generator 를 넘기지 않음
# mistake: does not pass the generator to randn
import math

import torch

def scaled_init(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out) / math.sqrt(d_in)
