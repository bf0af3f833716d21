# 실수: attention_mask 가 None 인지 보지 않아 기본값에서 오류
# mistake: uses attention_mask without checking for None, so the default fails
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    d_k = Q.shape[-1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    scores = scores.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(scores, dim=-1)
