# 실수: 한 줄 안의 칸(dim=-1)이 아니라 열 방향(dim=-2)으로 더해 Key 마다의 값이 나옴
# mistake: sums over dim=-2 (down each column) instead of dim=-1 (across a row), giving one value per key column
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    terms = torch.xlogy(weights, weights)
    return -terms.sum(dim=-2)
