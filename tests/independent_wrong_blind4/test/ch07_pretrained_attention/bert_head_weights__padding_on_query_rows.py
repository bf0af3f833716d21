# 실수: [PAD] 를 Key 열이 아니라 Query 줄로 가림 ([B, 1, S, 1])
# mistake: masks [PAD] as query rows ([B, 1, S, 1]) instead of key columns
import math  # √ 계산에

import torch  # 텐서

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        keep = attention_mask[:, None, :, None]
        logits = logits.masked_fill(keep == 0, -1e9)
    return torch.softmax(logits, dim=-1)
