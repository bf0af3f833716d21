# 실수: 브로드캐스트로 곱한 뒤 Key 축(-2)이 아니라 Query 축(-3)으로 더함: [..., S_k, d_v] 가 나옴
# mistake: broadcasts weights [..., S_q, S_k, 1] against V [..., 1, S_k, d_v] and then sums over the query axis (-3) instead of the key axis (-2)
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    weighted = weights.unsqueeze(-1) * V.unsqueeze(-3)  # [..., S_q, S_k, d_v]
    return weighted.sum(dim=-3)
