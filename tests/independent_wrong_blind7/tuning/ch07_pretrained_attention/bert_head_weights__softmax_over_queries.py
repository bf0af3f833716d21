# 실수: softmax 를 마지막 축이 아니라 dim=-2 (Query 축) 로 해서, 줄이 아니라 열마다 합이 1 입니다
# mistake: takes the softmax along dim=-2 (the query axis) instead of the last axis, so columns rather than rows sum to 1
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(torch.nn.functional.linear(hidden, W_q, b_q), num_heads)
    K = split_heads(torch.nn.functional.linear(hidden, W_k, b_k), num_heads)
    d_k = Q.shape[-1]
    logits = torch.matmul(Q, K.transpose(-1, -2)) / d_k ** 0.5
    if attention_mask is not None:
        keep = attention_mask.bool()[:, None, None, :]
        logits = logits.masked_fill(~keep, -1e9)
    return torch.softmax(logits, dim=-2)
