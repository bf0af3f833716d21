# 실수: torch.normal 에 표준편차로 1/d_in 을 줌 (분산과 혼동)
# mistake: passes 1/d_in as torch.normal's standard deviation, confusing it with the variance
import math

import torch

def scaled_init(d_in, d_out, generator=None):
    return torch.normal(0.0, 1.0 / d_in, size=(d_in, d_out), generator=generator)
