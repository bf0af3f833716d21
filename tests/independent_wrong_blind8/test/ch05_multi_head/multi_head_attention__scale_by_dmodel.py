# 실수: 점수를 머리 하나의 폭 √d_k 가 아니라 √d_model 로 나눔
# mistake: divides the scores by √d_model instead of one head's width √d_k
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
    d_model = query.size(-1)
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    energy = Q @ K.mT / math.sqrt(d_model)
    if mask is not None:
        energy = energy.masked_fill(~mask.bool(), -1e9)
    w = torch.softmax(energy, dim=-1)
    return merge_heads(w @ V) @ W_o, w
