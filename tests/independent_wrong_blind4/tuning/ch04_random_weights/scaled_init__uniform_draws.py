# 실수: 표준 정규 torch.randn 대신 0–1 균등분포 torch.rand 로 뽑음
# mistake: draws from the uniform torch.rand instead of the standard normal torch.randn
import math

import torch  # 텐서


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.rand(d_in, d_out, generator=generator) / math.sqrt(d_in)
