# 실수: 받은 generator 대신 강의에서 옮겨 온 전역 발생기 g 로 뽑습니다. 인자로 준 generator 의 씨앗이 결과를 정하지 못합니다.
# mistake: draws from the global generator g copied from the lecture instead of the generator argument, so the given generator's seed does not decide the weights.
import math

import torch

g = torch.Generator().manual_seed(0)  # (강의에서 옮겨 온 셀: 이 파일만 따로 돌릴 수 있게 다시 만듭니다)


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_in, d_out, generator=g) / math.sqrt(d_in)
