# 실수: 가린 칸을 -1e9 가 아니라 -inf 로 채워 모든 Key 가 가려진 줄이 nan 이 됨
# mistake: fills masked cells with -inf instead of -1e9, so a row with every key masked becomes nan
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
    q = split_heads(torch.matmul(query, W_q), num_heads)
    k = split_heads(torch.matmul(key, W_k), num_heads)
    v = split_heads(torch.matmul(value, W_v), num_heads)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = torch.where(mask.bool(), scores, torch.tensor(float("-inf"), dtype=scores.dtype))
    attn = torch.softmax(scores, dim=-1)
    return merge_heads(attn @ v) @ W_o, attn
