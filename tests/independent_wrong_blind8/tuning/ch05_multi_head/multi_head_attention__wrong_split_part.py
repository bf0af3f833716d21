# 실수: multi_head_attention 자체는 맞지만, 같은 파일의 문제 1 split_heads 가 transpose 없이 reshape(B, h, S, d_k) 로 나눠 자리와 좌표가 섞임
# mistake: multi_head_attention itself is right, but the same file's problem-1 split_heads splits with reshape(B, h, S, d_k) without a transpose, mixing positions and coordinates
import math

import torch  # 텐서

from helpers import data


# (문제 1 에서 작성한 함수)
def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.reshape(B, num_heads, S, d_model // num_heads)


def merge_heads(x):  # (문제 2 에서 맞게 작성한 함수)
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(B, S, h * d_k)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """(output [B, S_q, d_model], p_attn [B, h, S_q, S_k]). 마스크는 True/1 = 볼 수 있음."""
    Q = split_heads(query @ W_q, num_heads)
    K = split_heads(key @ W_k, num_heads)
    V = split_heads(value @ W_v, num_heads)
    kT = K.transpose(-2, -1)
    s = (Q @ kT) / math.sqrt(Q.shape[-1])
    if mask is not None:
        s = torch.where(mask.bool(), s, torch.tensor(-1e9, dtype=s.dtype))
    weights = torch.softmax(s, dim=-1)
    return merge_heads(weights @ V) @ W_o, weights
