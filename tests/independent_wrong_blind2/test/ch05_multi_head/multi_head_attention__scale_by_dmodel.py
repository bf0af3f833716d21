# 실수: 점수를 머리 하나의 폭 √d_k 가 아니라 √d_model 로 나눴습니다.
# mistake: The scores are divided by √d_model instead of √d_k, the width of one head.
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
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    d_model = query.size(-1)
    Q, K, V = (split_heads(t, num_heads) for t in (query @ W_q, key @ W_k, value @ W_v))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_model)
    if mask is not None:
        hide = mask == 0
        scores = scores.masked_fill(hide, -1e9)
    p_attn = scores.softmax(dim=-1)
    output = merge_heads(p_attn @ V) @ W_o
    return output, p_attn
