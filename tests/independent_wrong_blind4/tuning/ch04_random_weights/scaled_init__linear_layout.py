# 실수: nn.Linear 처럼 [d_out, d_in] 모양으로 뽑음
# mistake: draws an nn.Linear-shaped [d_out, d_in] matrix
import math

import torch  # 텐서


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_out, d_in, generator=generator) / math.sqrt(d_in)
