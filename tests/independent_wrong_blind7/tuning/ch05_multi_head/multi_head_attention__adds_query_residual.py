# 실수: W_o 를 곱한 뒤 query 를 잔차로 더해 돌려줍니다 (잔차는 6강의 인코더 층에서 더하는 것)
# mistake: adds query back as a residual after W_o (the residual belongs to ch06's encoder layer)
import math

import torch  # 텐서

from helpers import data


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
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    s = torch.matmul(Q, K.mT) / math.sqrt(Q.shape[-1])
    if mask is not None:
        s = s.masked_fill(mask == 0, -1e9)
    w = torch.softmax(s, dim=-1)
    out = merge_heads(torch.matmul(w, V)) @ W_o
    return query + out, w      # 잔차 연결
