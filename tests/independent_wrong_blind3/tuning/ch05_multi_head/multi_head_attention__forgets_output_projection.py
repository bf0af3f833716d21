# 실수: 합친 뒤 W_o 를 곱하지 않음
# mistake: never multiplies by W_o after merging
import math

import torch

# (문제 1 에서 맞게 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)

# (문제 2 에서 맞게 작성한 함수)
def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    d_k = Q.size(-1)
    att = Q @ K.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        att = att.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(att, dim=-1)
    return merge_heads(weights @ V), weights
