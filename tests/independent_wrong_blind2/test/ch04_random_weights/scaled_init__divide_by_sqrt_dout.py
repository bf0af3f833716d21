# 실수: √d_in 이 아니라 √d_out 으로 나눴습니다. 출력의 크기를 지키는 것은 입력 쪽 좌표 수 d_in 입니다.
# mistake: The draw is divided by √d_out instead of √d_in; it is the input width d_in that keeps the outputs at unit scale.
import math

import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    W = torch.randn(d_in, d_out, generator=generator)
    return W / math.sqrt(d_out)
