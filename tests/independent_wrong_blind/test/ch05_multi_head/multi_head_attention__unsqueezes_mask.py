# 실수: 받은 마스크에 unsqueeze(1) 로 머리 축을 또 끼웁니다. 이미 [B, 1, 1, S_k] 인 마스크가 5차원이 되어 점수표가 5차원으로 퍼지고, 머리를 합치는 곳에서 오류가 납니다.
# mistake: inserts another head axis with mask.unsqueeze(1); a mask that is already [B, 1, 1, S_k] becomes 5-D, the masked scores become 5-D too, and merging the heads fails.
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
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        mask = mask.unsqueeze(1)  # 모든 머리에 똑같이
        logits = logits.masked_fill(mask.logical_not(), -1e9)
    attn = torch.softmax(logits, dim=-1)
    return merge_heads(attn @ V) @ W_o, attn
