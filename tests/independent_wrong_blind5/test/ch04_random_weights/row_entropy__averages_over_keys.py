# 실수: 줄 안의 칸들을 더하지 않고 평균을 내, 모든 값이 1/S_k 배가 됨
# mistake: averages over the cells of a row instead of summing them, so every value is 1/S_k times the right one
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    terms = torch.xlogy(weights, weights)
    return -terms.mean(dim=-1)
