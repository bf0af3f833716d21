# 실수: split_heads 에 num_heads 대신 강의의 3 을 넘겨, num_heads 인자가 결과에 아무 영향이 없습니다
# mistake: passes the lecture's 3 to split_heads instead of num_heads, so the num_heads argument has no effect
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
    h = 3  # 머리 수
    Q, K, V = (split_heads(t @ W, h) for t, W in ((query, W_q), (key, W_k), (value, W_v)))
    d_k = Q.shape[-1]
    raw = Q @ K.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        raw = raw.masked_fill(mask == 0, -1e9)
    w = torch.softmax(raw, dim=-1)
    return merge_heads(w @ V) @ W_o, w
