# 실수: √d_in 이 아니라 d_in 으로 나눠서 표준편차가 1/d_in 이 됩니다.
# mistake: Dividing by d_in instead of √d_in makes the standard deviation 1/d_in.
import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.randn(d_in, d_out, generator=generator) / d_in
