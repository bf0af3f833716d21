# 실수: 함수 자체는 맞지만, 같은 파일의 split_heads 가 view 만 하고 transpose 를 하지 않아 [B, S, h, d_k] 를 돌려주므로 머리와 자리가 뒤섞입니다
# mistake: its own code is right, but the split_heads in the same file only views and never transposes, returning [B, S, h, d_k], so heads and positions are mixed up
import math

import torch  # 텐서

from helpers import data


# (문제 1 에서 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads)


# (문제 2 에서 맞게 작성한 함수)
def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1e9)
    attn = torch.softmax(logits, dim=-1)
    return merge_heads(attn @ V) @ W_o, attn
