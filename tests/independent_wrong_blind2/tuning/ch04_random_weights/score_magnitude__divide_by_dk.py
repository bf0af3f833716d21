# 실수: 둘째 값을 √d_k 가 아니라 d_k 로 나눠 구했습니다.
# mistake: The second value divides by d_k instead of √d_k.
import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = torch.matmul(Q, K.transpose(-2, -1))
    before = scores.abs().mean().item()
    after = (scores / Q.shape[-1]).abs().mean().item()
    return before, after
