# 실수: keepdim=True 로 더해 [..., S_q, 1] 이 나옵니다. 줄마다 하나씩, [..., S_q] 여야 합니다.
# mistake: Summing with keepdim=True leaves [..., S_q, 1]; one value per row, [..., S_q], is asked for.
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.xlogy(weights, weights).sum(dim=-1, keepdim=True)
