# 실수: 머리마다의 비율표를 머리 축으로 평균해 p_attn 을 [B, S_q, S_k] 로 돌려줌
# mistake: averages the per-head weight tables over the head axis, returning p_attn as [B, S_q, S_k]
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):  # (문제 1 에서 맞게 작성한 함수)
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)


def merge_heads(x):  # (문제 2 에서 맞게 작성한 함수)
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    d_k = Q.size(-1)
    att = torch.einsum("bhqd,bhkd->bhqk", Q, K) / d_k ** 0.5
    if mask is not None:
        att = torch.where(mask == 0, torch.full_like(att, -1e9), att)
    probs = att.softmax(dim=-1)
    output = merge_heads(torch.matmul(probs, V)) @ W_o
    return output, probs.mean(dim=1)  # 머리들의 비율표를 하나로
