# 실수: 가린 칸을 -1e9 대신 float('-inf') 로 채워, 모든 Key 가 가려진 줄이 nan 이 됨
# mistake: fills the masked cells with float('-inf') instead of -1e9, so a row whose keys are all masked becomes nan
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
    q = split_heads(query @ W_q, num_heads)
    k = split_heads(key @ W_k, num_heads)
    v = split_heads(value @ W_v, num_heads)
    att = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        att = att.masked_fill(mask == 0, float("-inf"))
    att = torch.softmax(att, dim=-1)
    out = merge_heads(att @ v)
    return out @ W_o, att
