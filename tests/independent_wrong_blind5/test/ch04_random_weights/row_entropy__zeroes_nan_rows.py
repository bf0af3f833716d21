# 실수: p·log p 의 nan 을 칸마다가 아니라 줄의 합에서 nan_to_num 으로 0 으로 바꿔, 0 인 칸이 있는 줄 전체가 0 이 됨
# mistake: replaces the nan of p·log p with nan_to_num on the row sums, not per cell, so any row holding a 0 becomes 0
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    H = -(weights * torch.log(weights)).sum(dim=-1)
    return torch.nan_to_num(H, nan=0.0)
