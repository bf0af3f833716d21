# 실수: 가중합을 Key 수로 한 번 더 나눠 평균처럼 만듦
# mistake: divides the weighted sum once more by the number of keys, as if averaging
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return (weights @ V) / V.shape[-2]
