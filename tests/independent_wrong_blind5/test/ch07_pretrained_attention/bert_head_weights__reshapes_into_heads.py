# 실수: split_heads 대신 reshape(B, h, S, d_k) 하나로 머리를 나눠 자리와 좌표가 섞임
# mistake: splits the heads with a single reshape(B, h, S, d_k) instead of split_heads, mixing positions and coordinates
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    B, S, d = hidden.shape
    d_k = d // num_heads
    Q = (hidden @ W_q.T + b_q).reshape(B, num_heads, S, d_k)
    K = (hidden @ W_k.T + b_k).reshape(B, num_heads, S, d_k)
    logits = Q @ K.transpose(-2, -1) / d_k ** 0.5
    if attention_mask is not None:
        logits = logits.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(logits, dim=-1)
