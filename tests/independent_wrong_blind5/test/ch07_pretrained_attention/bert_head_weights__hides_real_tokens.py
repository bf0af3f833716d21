# 실수: masked_fill 에 attention_mask.bool() 을 그대로 넘겨, [PAD] 가 아니라 실제 토큰을 가림
# mistake: passes attention_mask.bool() straight to masked_fill, hiding the real tokens instead of [PAD]
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        logits = logits.masked_fill(attention_mask.bool()[:, None, None, :], -1e9)
    return torch.softmax(logits, dim=-1)
