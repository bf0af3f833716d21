# 실수: 한 줄 안의 칸들(dim=-1)이 아니라 dim=-2 (열 방향)로 더해 열마다의 값을 냈습니다.
# mistake: Sums over dim=-2 (down each column) instead of over the last dim (along each row).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.xlogy(weights, weights).sum(dim=-2)
