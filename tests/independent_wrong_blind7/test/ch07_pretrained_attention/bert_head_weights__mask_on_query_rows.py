# 실수: attention_mask 를 [B, 1, S, 1] 로 만들어, [PAD] 를 Key 열이 아니라 Query 줄로 가립니다
# mistake: shapes attention_mask as [B, 1, S, 1], hiding [PAD] as query rows instead of key columns
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if attention_mask is not None:
        pad = attention_mask[:, None, :, None] == 0
        scores = scores.masked_fill(pad, -1e9)
    return torch.softmax(scores, dim=-1)
