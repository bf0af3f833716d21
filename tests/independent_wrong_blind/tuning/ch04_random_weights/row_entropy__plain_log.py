# 실수: p * torch.log(p) 를 그대로 써서 비율이 정확히 0 인 칸에서 0 · (−inf) = NaN 이 나옵니다 (0·log 0 = 0 처리가 없음).
# mistake: uses p * torch.log(p) directly, so a cell whose ratio is exactly 0 gives 0 · (−inf) = NaN (no 0·log 0 = 0 handling).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -(weights * torch.log(weights)).sum(dim=-1)
