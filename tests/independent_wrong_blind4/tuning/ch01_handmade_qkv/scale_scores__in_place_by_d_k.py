# 실수: √d_k 가 아니라 d_k 로 나누고, 그것도 /= 로 입력을 제자리에서 바꿈
# mistake: divides by d_k instead of √d_k, and does it in place with /=, changing the input
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    scores /= d_k
    return scores
