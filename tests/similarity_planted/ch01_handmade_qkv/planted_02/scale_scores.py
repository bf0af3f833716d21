import torch


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    # rsqrt 는 1/√x ~ 나누기 대신 곱하기로
    factor = torch.rsqrt(torch.tensor(float(d_k), dtype=scores.dtype))
    return scores * factor
