# 실수: 앞의 마이너스를 빠뜨렸고, keepdim=True 로 더해 마지막 축이 남음
# mistake: drops the leading minus sign and sums with keepdim=True, so the last axis stays
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    return (weights * torch.log(weights)).nansum(dim=-1, keepdim=True)
