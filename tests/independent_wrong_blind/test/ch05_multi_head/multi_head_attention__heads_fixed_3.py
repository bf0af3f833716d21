# 실수: 강의의 머리 수 3 을 그대로 써서 split_heads(…, 3) 으로 나눕니다. 인자 num_heads 가 계산에 전달되지 않습니다.
# mistake: splits with the lecture's 3 heads, split_heads(…, 3), so the num_heads parameter never reaches the computation.
import math

import torch


# (문제 1 에서 맞게 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)


# (문제 2 에서 맞게 작성한 함수)
def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    h = 3
    Q = split_heads(query @ W_q, h)
    K = split_heads(key @ W_k, h)
    V = split_heads(value @ W_v, h)
    scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(Q.shape[-1])
    if mask is not None:
        scores = torch.where(mask.bool(), scores, torch.full_like(scores, -1e9))
    probs = scores.softmax(dim=-1)
    return merge_heads(torch.matmul(probs, V)) @ W_o, probs
