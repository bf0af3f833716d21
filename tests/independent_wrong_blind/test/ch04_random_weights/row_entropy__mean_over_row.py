# 실수: 한 줄의 −p·ln p 를 더하지 않고 평균을 냅니다 (칸 수로 한 번 더 나눔).
# mistake: averages −p·ln p over the row instead of summing it (divides once more by the number of keys).
import torch


def row_entropy(weights):
    """줄마다의 엔트로피 −Σ p·ln p (나트), [..., S_q, S_k] → [..., S_q]. 0·log 0 = 0 으로 칩니다."""
    return -torch.xlogy(weights, weights).mean(dim=-1)
