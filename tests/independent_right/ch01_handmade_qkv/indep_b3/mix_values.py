import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    # weights: (..., q, k), V: (..., k, d) -> contract over k
    return torch.einsum("...qk,...kd->...qd", weights, V)
