# 실수: 정규분포 torch.randn 대신 0–1 균등분포 torch.rand 로 뽑음 (평균이 0 이 아니고 표준편차도 다름)
# mistake: draws with torch.rand (uniform on [0, 1)) instead of torch.randn, so the mean is not 0 and the spread is wrong
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    w = torch.rand(d_in, d_out, generator=generator)
    return w / math.sqrt(d_in)
