# 실수: sum 에 keepdim=True 를 줘서 [..., S_q, 1] 을 돌려줌
# mistake: sums with keepdim=True, returning [..., S_q, 1] instead of [..., S_q]
import math

import torch  # 텐서


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.xlogy(weights, weights).sum(dim=-1, keepdim=True)
