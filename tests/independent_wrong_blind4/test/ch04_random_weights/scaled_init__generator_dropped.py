# 실수: generator 를 torch.randn 에 넘기지 않아 언제나 전역 난수로 뽑음
# mistake: does not pass generator on to torch.randn, so it always draws from the global state
import math

import torch  # 텐서


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_in, d_out) / math.sqrt(d_in)
