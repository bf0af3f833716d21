# 실수: p * torch.log(p) 를 그대로 써서, 비율이 정확히 0 인 칸에서 0 × (−inf) = nan 이 납니다. torch.xlogy(p, p) 를 쓰세요.
# mistake: p * torch.log(p) is used as is, so a cell that is exactly 0 gives 0 × (-inf) = nan; use torch.xlogy(p, p).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -(weights * torch.log(weights)).sum(dim=-1)
