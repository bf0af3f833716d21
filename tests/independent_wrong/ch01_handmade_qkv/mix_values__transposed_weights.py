# 실수: 비율표를 전치해서 (weightsᵀ·V) 섞었습니다. 줄(보는 낱말)마다 그 줄의 비율로 V 를 섞어야 합니다.
# mistake: Mixes with the transposed weight table (weightsᵀ·V), i.e. sums over the query axis instead of the key axis.
import torch

def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights.transpose(-2, -1) @ V
