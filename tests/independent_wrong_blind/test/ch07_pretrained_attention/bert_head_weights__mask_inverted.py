# 실수: attention_mask 가 1 인 자리(실제 토큰)를 가리고 0 인 [PAD] 자리를 남깁니다 (마스크의 뜻을 거꾸로 읽음).
# mistake: hides the positions where attention_mask is 1 (real tokens) and keeps the [PAD] positions (reads the mask the wrong way round).
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        real = attention_mask[:, None, None, :] == 1
        scores = scores.masked_fill(real, -1e9)
    return torch.softmax(scores, dim=-1)
