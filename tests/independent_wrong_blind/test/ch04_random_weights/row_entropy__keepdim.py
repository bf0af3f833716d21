# 실수: sum 에 keepdim=True 를 주어 [..., S_q] 가 아니라 [..., S_q, 1] 을 돌려줍니다.
# mistake: passes keepdim=True to the sum and returns [..., S_q, 1] instead of [..., S_q].
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.xlogy(weights, weights).sum(dim=-1, keepdim=True)
