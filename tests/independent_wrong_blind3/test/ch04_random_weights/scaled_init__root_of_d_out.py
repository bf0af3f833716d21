# 실수: √d_in 대신 √d_out 으로 나눔
# mistake: divides by √d_out instead of √d_in
import math

import torch

def scaled_init(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_out)
