# 실수: 받은 마스크를 그대로 쓰지 않고 Annotated Transformer 처럼 `mask.unsqueeze(1)` 로 축을 하나 더 붙여, 마스크가 점수표의 다른 축에 놓입니다
# mistake: adds one more axis with mask.unsqueeze(1), as the Annotated Transformer does, instead of using the mask as given, so it lands on the wrong axes of the scores
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
    if mask is not None:
        mask = mask.unsqueeze(1)       # 모든 머리에 같은 마스크
    q = split_heads(query @ W_q, num_heads)
    k = split_heads(key @ W_k, num_heads)
    v = split_heads(value @ W_v, num_heads)
    att = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        att = att.masked_fill(mask == 0, -1e9)
    att = att.softmax(dim=-1)
    return merge_heads(att @ v) @ W_o, att
