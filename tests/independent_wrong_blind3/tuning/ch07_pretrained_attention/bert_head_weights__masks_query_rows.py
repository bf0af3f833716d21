# 실수: [PAD] 를 Key 열이 아니라 Query 줄에서 가림
# mistake: masks the [PAD] query table_rows instead of the key columns
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    d_k = Q.shape[-1]
    att = Q @ K.transpose(-2, -1) / d_k ** 0.5
    if attention_mask is not None:
        att = att.masked_fill(attention_mask[:, None, :, None] == 0, -1e9)
    return torch.softmax(att, dim=-1)
