# 실수: 점수를 머리 하나의 폭 √d_k 가 아니라 전체 폭 √d 로 나눕니다 (MiniLM 에서 √32 가 아니라 √384).
# mistake: divides the scores by the full width √d instead of one head's √d_k (√384 instead of √32 for MiniLM).
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    d = hidden.shape[-1]
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
    if attention_mask is not None:
        pad_keys = attention_mask[:, None, None, :] == 0  # [B, 1, 1, S]
        scores = scores.masked_fill(pad_keys, -1e9)
    return torch.softmax(scores, dim=-1)
