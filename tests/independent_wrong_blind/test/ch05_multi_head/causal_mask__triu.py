# 실수: torch.tril 이 아니라 torch.triu 를 써서, 줄마다 과거 대신 자기 자신과 미래를 보는 거울상 마스크가 됩니다.
# mistake: uses torch.triu instead of torch.tril, so each row sees itself and the future instead of the past (the mirror image).
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.triu(torch.ones(size, size, dtype=torch.bool))
