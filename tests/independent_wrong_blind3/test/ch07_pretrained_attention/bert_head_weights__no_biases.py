# 실수: Q 와 K 에 편향을 더하지 않음
# mistake: leaves out the biases of Q and K
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T, num_heads)
    K = split_heads(hidden @ W_k.T, num_heads)
    att = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        att = att.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(att, dim=-1)
