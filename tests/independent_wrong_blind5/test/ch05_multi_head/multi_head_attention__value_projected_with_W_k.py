# 실수: V 를 value @ W_v 가 아니라 value @ W_k 로 투영해 W_v 가 쓰이지 않음
# mistake: projects V as value @ W_k instead of value @ W_v, so W_v is never used
import math

import torch


# (문제 1 에서 맞게 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)


# (문제 2 에서 맞게 작성한 함수)
def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_k, num_heads)
    d_k = Q.shape[-1]
    logits = torch.matmul(Q, K.transpose(-2, -1)) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1e9)
    probs = logits.softmax(dim=-1)
    return merge_heads(torch.matmul(probs, V)) @ W_o, probs
