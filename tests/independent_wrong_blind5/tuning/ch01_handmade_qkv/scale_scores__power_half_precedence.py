# 실수: d_k ** 1/2 로 써서 (d_k ** 1) / 2, 곧 d_k 로 나눈 뒤 다시 2 로 나눔
# mistake: writes d_k ** 1/2, which is (d_k ** 1) / 2: divides by d_k and then by 2
import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k ** 1/2
