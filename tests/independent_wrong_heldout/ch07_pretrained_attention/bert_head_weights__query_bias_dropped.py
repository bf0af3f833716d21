# 실수: Q 의 편향 b_q 를 빠뜨림 (Q = hidden @ W_q.T): K 의 편향과 달리 Q 의 편향은 Key 마다 다른 점수를 더하므로 비율표가 바뀜
# mistake: leaves out the query bias b_q (Q = hidden @ W_q.T); unlike the key bias it adds a different amount per key, so the weights change
import math

import torch

from helpers.reference import split_heads  # 건네받은 셀과 같은 import


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    d_k = Q.shape[-1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if attention_mask is not None:
        keep = attention_mask[:, None, None, :].bool()
        scores = scores.masked_fill(~keep, -1e9)
    return torch.softmax(scores, dim=-1)
