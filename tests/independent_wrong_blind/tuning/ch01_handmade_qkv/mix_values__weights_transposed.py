# 실수: 비율표를 전치해서 곱합니다. 그러면 보는 낱말의 줄이 아니라 열 방향의 비율로 V 가 섞입니다.
# mistake: transposes the weight table before multiplying, so V is mixed with column ratios instead of each row's ratios.
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return torch.matmul(weights.transpose(-2, -1), V)
