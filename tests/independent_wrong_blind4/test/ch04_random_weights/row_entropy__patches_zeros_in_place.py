# 실수: 0 인 칸을 weights[weights == 0] = 1 로 제자리에서 고쳐 입력을 바꿈
# mistake: patches zero cells in place with weights[weights == 0] = 1, changing the input
import math

import torch  # 텐서


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    weights[weights == 0] = 1.0
    return -(weights * torch.log(weights)).sum(dim=-1)
