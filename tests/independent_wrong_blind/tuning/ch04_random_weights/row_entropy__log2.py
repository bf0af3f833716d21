# 실수: 자연로그가 아니라 밑이 2 인 로그(비트)를 씁니다.
# mistake: uses the base-2 logarithm (bits) instead of the natural logarithm (nats).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    terms = torch.where(weights > 0, weights * torch.log2(weights), torch.zeros_like(weights))
    return -terms.sum(dim=-1)
