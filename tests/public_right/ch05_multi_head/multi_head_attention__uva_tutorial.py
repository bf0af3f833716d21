# Adapted from the UvA Deep Learning tutorials, Tutorial 6 "Transformers and Multi-Head Attention":
# def scaled_dot_product(q, k, v, mask=None) (masked_fill(mask == 0, -9e15)) and MultiheadAttention.forward,
# with the exercise's four [d_model, d_model] weights in place of the packed qkv_proj and o_proj.
# Source: https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html
# Licence: MIT (phlippe/uvadlc_notebooks)
import math

import torch
import torch.nn.functional as F


def scaled_dot_product(q, k, v, mask=None):
    scale = math.sqrt(q.size()[-1])
    attn_logits = torch.matmul(q, k.transpose(-2, -1)) / scale
    if mask is not None:
        attn_logits = attn_logits.masked_fill(mask == 0, -9e15)
    attention = F.softmax(attn_logits, dim=-1)
    values = torch.matmul(attention, v)
    return values, attention


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    batch_size, seq_length, embed_dim = query.size()
    head_dim = embed_dim // num_heads
    q = (query @ W_q).reshape(batch_size, seq_length, num_heads, head_dim).permute(0, 2, 1, 3)
    k = (key @ W_k).reshape(batch_size, key.size(1), num_heads, head_dim).permute(0, 2, 1, 3)
    v = (value @ W_v).reshape(batch_size, value.size(1), num_heads, head_dim).permute(0, 2, 1, 3)
    values, attention = scaled_dot_product(q, k, v, mask=mask)
    values = values.permute(0, 2, 1, 3).reshape(batch_size, seq_length, embed_dim)
    return values @ W_o, attention
