def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    # 비율 [..., S_q, S_k, 1] 곱하기 내용 [..., 1, S_k, d_v] 한 다음 S_k 축으로 더함~
    return (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-2)
