# 실수: 머리 하나의 폭 √d_k 가 아니라 hidden 전체 폭 √d 로 나눴습니다.
# mistake: Divides the scores by √d (the full hidden width) instead of √d_k (one head's width).
import math

import torch
from helpers.reference import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(hidden.shape[-1])
    if attention_mask is not None:
        keep = attention_mask[:, None, None, :]
        scores = scores.masked_fill(keep == 0, -1e9)
    return torch.softmax(scores, dim=-1)
