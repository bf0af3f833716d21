# 실수: Q 와 K 를 만들 때 편향 b_q, b_k 를 더하지 않음
# mistake: does not add the biases b_q and b_k when building Q and K
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    q = split_heads(hidden @ W_q.T, num_heads)
    k = split_heads(hidden @ W_k.T, num_heads)
    d_k = q.shape[-1]
    s = q @ k.transpose(-1, -2) / math.sqrt(d_k)
    if attention_mask is not None:
        s = s.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return s.softmax(-1)
