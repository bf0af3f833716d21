# 실수: √d_k 대신 전체 폭 d 의 제곱근으로 나눔
# mistake: divides by the square root of the full width d instead of d_k
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    att = Q @ K.transpose(-2, -1) / math.sqrt(hidden.shape[-1])
    if attention_mask is not None:
        att = att.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(att, dim=-1)
