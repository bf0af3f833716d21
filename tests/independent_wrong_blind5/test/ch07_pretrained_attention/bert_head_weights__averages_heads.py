# 실수: 머리마다의 비율표를 평균해 [B, S, S] 로 돌려줌
# mistake: averages the heads' ratio tables, returning [B, S, S]
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        logits = logits.masked_fill(attention_mask[:, None, None, :] == 0, -1e9)
    return torch.softmax(logits, dim=-1).mean(dim=1)
