# 실수: dim=0 으로 더해서 줄마다가 아니라 첫 축을 따라 합칩니다. 한 줄 안의 칸들, dim=-1 로 더해야 합니다.
# mistake: The sum runs over dim=0 instead of over the cells of each row (dim=-1).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.xlogy(weights, weights).sum(dim=0)
