# 실수: 자연로그가 아니라 밑이 2 인 로그(비트)로 계산했습니다.
# mistake: Uses log base 2 (bits) instead of the natural log (nats).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    p = weights
    terms = torch.where(p > 0, p * torch.log2(torch.where(p > 0, p, torch.ones_like(p))), torch.zeros_like(p))
    return -terms.sum(dim=-1)
