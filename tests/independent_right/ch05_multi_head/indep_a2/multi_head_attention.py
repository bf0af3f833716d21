import numpy as np
import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    q = split_heads(query @ W_q, num_heads)
    k = split_heads(key @ W_k, num_heads)
    v = split_heads(value @ W_v, num_heads)
    d_k = q.shape[-1]

    scores = torch.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(float(d_k))
    if mask is not None:
        scores = torch.where(mask.bool(), scores, -1e9)
    p_attn = torch.softmax(scores, axis=-1)

    heads = torch.einsum("bhqk,bhkd->bhqd", p_attn, v)
    return merge_heads(heads) @ W_o, p_attn
