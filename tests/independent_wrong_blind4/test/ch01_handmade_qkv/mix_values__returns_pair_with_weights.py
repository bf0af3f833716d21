# 실수: 섞은 결과 하나가 아니라 (결과, 비율표) 튜플을 돌려줌
# mistake: returns the tuple (mixed, weights) instead of the mixed tensor alone
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    mixed = weights @ V
    return mixed, weights
