# 실수: multi_head_attention 은 맞지만, 같이 쓴 split_heads 가 view+transpose 대신 reshape(B, h, S, d_k) 하나로 쪼개 자리와 좌표가 섞임
# mistake: multi_head_attention itself is right, but the split_heads it calls uses one bare reshape(B, h, S, d_k) instead of view then transpose, mixing positions and coordinates
import math

import torch


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.reshape(B, num_heads, S, d_model // num_heads)


def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    root_dk = math.sqrt(Q.size(-1))
    scores = Q @ K.transpose(-2, -1) / root_dk
    if mask is not None:
        scores = torch.where(mask.bool(), scores, -1e9)
    p_attn = torch.softmax(scores, dim=-1)
    return merge_heads(p_attn @ V) @ W_o, p_attn
