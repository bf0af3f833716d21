# 실수: 밑이 2 인 로그(torch.log2)를 써서 나트가 아니라 비트로 잽니다. 자연로그여야 합니다.
# mistake: torch.log2 measures in bits instead of nats; the natural logarithm is asked for.
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    logs = torch.where(weights > 0, torch.log2(weights), torch.zeros_like(weights))
    return -(weights * logs).sum(dim=-1)
