# 실수: Q 를 hidden @ W_q.T 로만 만들어 편향 b_q 가 쓰이지 않음
# mistake: builds Q as hidden @ W_q.T alone, so the bias b_q is never used
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        logits = logits.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(logits, dim=-1)
