# 실수: dim=0 으로 더해서 줄마다가 아니라 첫 축을 따라(열 방향으로) 더합니다.
# mistake: sums along dim=0, i.e. down the first axis, instead of within each row (dim=-1).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.xlogy(weights, weights).sum(dim=0)
