# 실수: 머리로 나눌 때 view 와 transpose 대신 reshape(B, h, S, d_k) 하나만 써서 자리와 좌표가 섞입니다.
# mistake: splits into heads with a single reshape(B, h, S, d_k) instead of view then transpose, mixing positions and coordinates.
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    B, S, d = hidden.shape
    d_k = d // num_heads
    Q = (hidden @ W_q.T + b_q).reshape(B, num_heads, S, d_k)
    K = (hidden @ W_k.T + b_k).reshape(B, num_heads, S, d_k)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if attention_mask is not None:
        pad_keys = attention_mask[:, None, None, :] == 0  # [B, 1, 1, S]
        scores = scores.masked_fill(pad_keys, -1e9)
    return torch.softmax(scores, dim=-1)
