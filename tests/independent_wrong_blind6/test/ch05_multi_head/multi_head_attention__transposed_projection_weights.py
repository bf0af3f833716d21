# 실수: 가중치를 nn.Linear 처럼 전치해 x @ W.T 로 투영함 (W_o 까지)
# mistake: projects with the weights transposed, x @ W.T, as nn.Linear would (W_o too)
import math

import torch  # 텐서

from helpers import data


# (문제 1 에서 맞게 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)


# (문제 2 에서 맞게 작성한 함수)
def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    Q = split_heads(query @ W_q.T, num_heads)
    K = split_heads(key @ W_k.T, num_heads)
    V = split_heads(value @ W_v.T, num_heads)
    sc = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if mask is not None:
        sc = sc.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(sc, dim=-1)
    return merge_heads(weights @ V) @ W_o.T, weights
