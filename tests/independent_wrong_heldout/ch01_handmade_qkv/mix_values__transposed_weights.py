# 실수: 비율표를 전치해서 곱함 (K 처럼 전치해야 한다고 생각함): 줄이 아니라 열의 비율로 섞음
# mistake: transposes the weights before multiplying (as if they needed it like K), so V is mixed by columns of the table instead of rows
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights.transpose(-2, -1) @ V
