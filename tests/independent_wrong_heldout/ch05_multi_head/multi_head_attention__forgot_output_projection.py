# 실수: 머리들을 합친 뒤 W_o 를 곱하지 않고 그대로 돌려줌
# mistake: returns the merged heads without the final multiplication by W_o
import math

import torch


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    B, S_q, d_model = query.shape
    S_k = key.shape[1]
    d_k = d_model // num_heads
    q = (query @ W_q).view(B, S_q, num_heads, d_k).transpose(1, 2)
    k = (key @ W_k).view(B, S_k, num_heads, d_k).transpose(1, 2)
    v = (value @ W_v).view(B, S_k, num_heads, d_k).transpose(1, 2)
    scale = math.sqrt(d_k)
    s = q @ k.transpose(-2, -1) / scale
    if mask is not None:
        s = torch.where(mask.bool(), s, torch.full_like(s, -1e9))
    p_attn = torch.softmax(s, dim=-1)
    heads = p_attn @ v                                   # [B, h, S_q, d_k]
    merged = heads.transpose(1, 2).reshape(B, S_q, d_model)
    return merged, p_attn
