# 실수: torch.triu 로 위 삼각형을 만들어 Query 와 Key 를 뒤바꿨습니다. Key 자리 ≤ Query 자리인 아래 삼각형(tril)이어야 합니다.
# mistake: torch.triu builds the upper triangle, swapping queries and keys; it must be the lower triangle (tril), key position ≤ query position.
import torch


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.triu(torch.ones(size, size, dtype=torch.bool))
