# 실수: nn.Linear 의 weight 처럼 [d_out, d_in] 모양으로 뽑았습니다. X @ W 로 곱할 수 있게 [d_in, d_out] 이어야 합니다.
# mistake: The weight is drawn as [d_out, d_in], like nn.Linear's weight; it must be [d_in, d_out] so that X @ W works.
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_out, d_in, generator=generator) / math.sqrt(d_in)
