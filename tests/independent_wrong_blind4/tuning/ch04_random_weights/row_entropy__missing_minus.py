# 실수: 앞의 마이너스를 빠뜨려 엔트로피가 음수
# mistake: drops the leading minus, so the entropy comes out negative
import math

import torch  # 텐서


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return torch.xlogy(weights, weights).sum(dim=-1)
