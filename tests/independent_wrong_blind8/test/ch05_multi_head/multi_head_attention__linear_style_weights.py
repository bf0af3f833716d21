# 실수: 가중치를 nn.Linear 처럼 여겨 x @ W.T 로 곱함 (이 과제의 가중치는 x @ W 로 씀)
# mistake: treats the weights like nn.Linear and multiplies x @ W.T (this exercise uses x @ W)
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
    # 1) 투영
    Q = split_heads(query @ W_q.T, num_heads)
    K = split_heads(key @ W_k.T, num_heads)
    V = split_heads(value @ W_v.T, num_heads)
    # 2) 머리마다 어텐션
    logits = Q @ K.transpose(-1, -2) * Q.size(-1) ** -0.5
    if mask is not None:
        logits = logits.masked_fill(torch.as_tensor(mask) == 0, -1e9)
    a = torch.softmax(logits, dim=-1)
    # 3) 합치고 W_o
    return merge_heads(a @ V) @ W_o.T, a
