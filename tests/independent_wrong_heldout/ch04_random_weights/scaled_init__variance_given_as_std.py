# 실수: 분산 1/d_in 을 표준편차 자리에 넣음 (torch.normal(0, 1/d_in)): 표준편차가 1/√d_in 이 아니라 1/d_in
# mistake: passes the variance 1/d_in where torch.normal expects the standard deviation, so the std is 1/d_in instead of 1/√d_in
import torch


def scaled_init(d_in, d_out, generator=None):
    """평균 0, 표준편차 1/√d_in 인 가중치 [d_in, d_out]. 난수는 받은 generator 로 뽑습니다."""
    return torch.normal(0.0, 1.0 / d_in, size=(d_in, d_out), generator=generator)
