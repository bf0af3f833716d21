# 실수: multi_head_attention 자체는 맞지만, 불러 쓰는 문제 1 의 split_heads 가 reshape 하나로 나눠서 자리와 좌표가 섞입니다.
# mistake: multi_head_attention's own code is right, but the split_heads it calls (problem 1) uses a bare reshape and scrambles positions.
import math

import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.reshape(B, num_heads, S, d_model // num_heads)


def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    d_k = Q.size(-1)
    logits = Q @ K.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1.0e9)
    p_attn = torch.softmax(logits, dim=-1)
    heads = p_attn @ V
    return merge_heads(heads) @ W_o, p_attn
