# 실수: 비율표를 전치해 weightsᵀ·V 를 계산함 (정사각 비율표에서는 모양이 맞아 보임)
# mistake: computes weightsᵀ·V with the ratio table transposed (the shape looks right for a square table)
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights.transpose(-2, -1) @ V
