# 실수: nn.Linear 처럼 [d_out, d_in] 으로 뽑은 뒤 전치해, 모양은 맞지만 난수의 자리가 다름
# mistake: draws [d_out, d_in] like nn.Linear and transposes, so the shape is right but the numbers sit elsewhere
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator로 뽑습니다."""
    W = torch.randn(d_out, d_in, generator=generator) / math.sqrt(d_in)
    return W.T
