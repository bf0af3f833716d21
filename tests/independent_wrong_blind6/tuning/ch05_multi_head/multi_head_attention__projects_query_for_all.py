# 실수: 셀프 어텐션만 생각해 K 와 V 도 query 로 투영해, key 와 value 가 아무 영향이 없음
# mistake: thinking only of self-attention, projects query for K and V too, so key and value have no effect
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
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(query @ W_k, num_heads)
    V = split_heads(query @ W_v, num_heads)
    s = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if mask is not None:
        s = s.masked_fill(mask == 0, -1e9)
    w = s.softmax(dim=-1)
    return merge_heads(w @ V) @ W_o, w
