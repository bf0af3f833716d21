# 실수: 돌려주는 비율표를 머리에 대해 평균해 [B, S_q, S_k] 가 되었습니다. 머리마다의 [B, h, S_q, S_k] 를 그대로 돌려줘야 합니다.
# mistake: The returned weights are averaged over the heads ([B, S_q, S_k]); every head's table [B, h, S_q, S_k] must be returned.
import math

import torch

# (문제 1 에서 맞게 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if mask is not None:
        hide = mask == 0
        scores = scores.masked_fill(hide, -1e9)
    p_attn = torch.softmax(scores, dim=-1)
    output = merge_heads(p_attn @ V) @ W_o
    return output, p_attn.mean(dim=1)
