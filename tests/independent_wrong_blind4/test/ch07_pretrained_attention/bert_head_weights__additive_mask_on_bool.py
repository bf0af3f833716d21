# 실수: 강의의 (1 − mask) × 큰 음수를 더하는 꼴이라 bool 마스크에서 오류
# mistake: adds the lecture's (1 − mask) × a large negative number, which fails on a bool mask
import math  # √ 계산에

import torch  # 텐서

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    logits = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        logits = logits + (1 - attention_mask[:, None, None, :]) * -10000.0
    return torch.softmax(logits, dim=-1)
