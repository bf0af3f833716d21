# 실수: 점수를 머리 하나의 폭 √d_k 가 아니라 은닉 상태 전체의 폭 √d 로 나눴습니다.
# mistake: The scores are divided by √d, the whole hidden width, instead of √d_k, the width of one head.
import math

import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    d = hidden.size(-1)
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
    if attention_mask is not None:
        pad_keys = attention_mask[:, None, None, :] == 0
        scores = scores.masked_fill(pad_keys, -1e9)
    return scores.softmax(dim=-1)
