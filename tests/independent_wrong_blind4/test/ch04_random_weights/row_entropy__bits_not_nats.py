# 실수: 자연로그 대신 밑이 2 인 로그 (bit) 로 계산
# mistake: uses log base 2 (bits) instead of the natural log
import math

import torch  # 텐서


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.special.xlogy(weights, weights).sum(dim=-1) / math.log(2)
