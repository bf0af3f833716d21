# 실수: 머리 하나의 폭 √d_k 가 아니라 은닉 벡터 전체의 폭 √d 로 나눔
# mistake: divides by the full hidden width √d instead of one head's √d_k
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    d = hidden.shape[-1]
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)   # [B, h, S, d_k]
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    keys_t = K.transpose(-2, -1)
    scores = torch.matmul(Q, keys_t) / d ** 0.5
    if attention_mask is not None:
        keep = attention_mask.bool()[:, None, None, :]
        scores = scores.masked_fill(~keep, -1e9)
    return torch.softmax(scores, dim=-1)
