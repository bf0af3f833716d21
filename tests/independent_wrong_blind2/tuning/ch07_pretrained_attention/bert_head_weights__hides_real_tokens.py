# 실수: attention_mask 가 1 인 칸, 곧 실제 토큰을 가렸습니다. 가릴 Key 는 attention_mask 가 0 인 [PAD] 입니다.
# mistake: The cells where attention_mask is 1, the real tokens, are hidden; the keys to hide are the [PAD] ones where it is 0.
import math

import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        hide = attention_mask.bool()[:, None, None, :]
        scores = scores.masked_fill(hide, -1e9)
    return torch.softmax(scores, dim=-1)
