# 실수: 섞은 결과와 비율표를 튜플로 함께 돌려줌
# mistake: returns a tuple of the mixed result and the weights
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    output = weights @ V
    return output, weights
