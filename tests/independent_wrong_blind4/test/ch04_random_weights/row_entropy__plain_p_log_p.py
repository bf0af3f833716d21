# 실수: p * torch.log(p) 를 그대로 써서 0 인 칸에서 NaN
# mistake: uses p * torch.log(p) as it is, so exact zeros give NaN
import math

import torch  # 텐서


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -(weights * torch.log(weights)).sum(dim=-1)
