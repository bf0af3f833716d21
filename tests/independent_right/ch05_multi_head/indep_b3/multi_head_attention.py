import numpy as np
import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    # query: (B, S_q, D), key/value: (B, S_k, D), W_*: (D, D)
    Qh = split_heads(torch.matmul(query, W_q), num_heads)   # (B, h, S_q, d_k)
    Kh = split_heads(torch.matmul(key, W_k), num_heads)     # (B, h, S_k, d_k)
    Vh = split_heads(torch.matmul(value, W_v), num_heads)   # (B, h, S_k, d_k)
    d_k = Qh.shape[-1]

    A = torch.einsum("bhqd,bhkd->bhqk", Qh, Kh) / np.sqrt(d_k)   # (B, h, S_q, S_k)
    if mask is not None:
        # mask broadcasts to (B, h, S_q, S_k) as given; 0/False -> -1e9 (not -inf: fully masked rows stay finite)
        A = torch.where(mask != 0, A, torch.full_like(A, -1e9))
    P = torch.softmax(A, dim=-1)                                  # (B, h, S_q, S_k)

    heads = torch.einsum("bhqk,bhkd->bhqd", P, Vh)               # (B, h, S_q, d_k)
    out = torch.matmul(merge_heads(heads), W_o)                   # (B, S_q, D)
    return out, P
