# 실수: 강의처럼 (1 − mask) × 큰 음수를 더해 bool 마스크에서 오류
# mistake: adds (1 − mask) × a large negative number, which fails on a bool mask
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    d_k = Q.shape[-1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if attention_mask is not None:
        scores = scores + (1 - attention_mask[:, None, None, :]) * -10000.0
    return torch.softmax(scores, dim=-1)
