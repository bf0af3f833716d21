# 실수: 두 가지가 틀렸습니다: 앞의 빼기 부호를 빠뜨렸고, 줄의 칸을 더하지 않고 평균을 냈습니다.
# mistake: Two mistakes: the leading minus sign is missing, and the cells of a row are averaged instead of summed.
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return torch.xlogy(weights, weights).mean(dim=-1)
