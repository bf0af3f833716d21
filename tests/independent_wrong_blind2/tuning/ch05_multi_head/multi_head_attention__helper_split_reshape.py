# 실수: multi_head_attention 은 맞게 썼지만, 문제 1 의 split_heads 가 reshape 하나로 나눠서 머리마다 자리와 좌표가 섞입니다.
# mistake: multi_head_attention itself is right, but split_heads of problem 1 uses one reshape, so positions and coordinates are mixed within each head.
import math

import torch


# (문제 1 에서 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.reshape(B, num_heads, S, d_model // num_heads)


# (문제 2 에서 맞게 작성한 함수)
def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        hide = mask == 0
        scores = scores.masked_fill(hide, -1e9)
    p_attn = torch.softmax(scores, dim=-1)
    return merge_heads(p_attn @ V) @ W_o, p_attn
