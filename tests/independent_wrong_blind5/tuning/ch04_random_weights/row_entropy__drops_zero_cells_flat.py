# 실수: 0 인 칸을 weights[weights > 0] 으로 빼다 보니 줄 구조가 사라져, 표 전체의 합 하나를 돌려줌
# mistake: drops the zero cells with weights[weights > 0], which flattens the table, so one total for the whole table is returned
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (nat), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0으로 칩니다."""
    p = weights[weights > 0]
    return -(p * torch.log(p)).sum(dim=-1)
