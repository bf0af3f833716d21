# 실수: attention_mask 를 [B, 1, S, 1] 로 만들어 [PAD] 의 열(Key)이 아니라 줄(Query)을 가렸습니다.
# mistake: Shapes the attention mask as [B, 1, S, 1], masking the [PAD] query rows instead of the key columns.
import math

import torch
from helpers.reference import layer_norm, split_heads


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        keep = attention_mask[:, None, :, None]
        scores = scores.masked_fill(keep == 0, -1e9)
    return torch.softmax(scores, dim=-1)
