# 실수: (1 − mask) × (아주 큰 음수) 를 더하는 꼴이라 bool 마스크에서 오류가 남 (0/1 정수 마스크만 다룸)
# mistake: adds (1 − mask) × (a large negative number), which raises for a bool mask (handles only 0/1 integer masks)
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        scores = scores + (1 - attention_mask[:, None, None, :]) * -1e9
    return torch.softmax(scores, dim=-1)
