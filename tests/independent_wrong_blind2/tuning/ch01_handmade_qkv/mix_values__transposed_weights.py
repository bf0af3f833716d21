# 실수: 비율표를 전치해서 곱해, 줄(보는 낱말)의 비율 대신 열(Key) 쪽 비율로 섞습니다.
# mistake: The weight table is transposed before multiplying, so values are mixed with the column (key) ratios instead of each query row's.
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights.transpose(-2, -1) @ V
