# 실수: 비율표를 전치해 weightsᵀ·V 로 섞음 (열 방향 비율)
# mistake: mixes with the transposed table weightsᵀ·V (column-wise proportions)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights.transpose(-2, -1) @ V
