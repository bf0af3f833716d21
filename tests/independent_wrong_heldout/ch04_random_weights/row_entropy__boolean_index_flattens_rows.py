# 실수: 0 인 칸을 빼려고 weights[weights > 0] 로 골라내서 텐서가 1차원으로 펴짐: 줄마다가 아니라 전체 합 하나
# mistake: drops the zero cells with weights[weights > 0], which flattens the tensor, so it returns one total instead of one value per row
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    p = weights[weights > 0]  # 0 인 칸은 빼고
    return -(p * torch.log(p)).sum(dim=-1)
