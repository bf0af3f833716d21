# 실수: 마스크를 [B, 1, S, 1] 로 세워 [PAD] 를 Key 열이 아니라 Query 줄에서 가렸습니다. [B, 1, 1, S] 여야 합니다.
# mistake: The mask is shaped [B, 1, S, 1], hiding [PAD] on the query rows instead of the key columns; it must be [B, 1, 1, S].
import math

import torch

from helpers.reference import layer_norm, split_heads  # 건네받은 셀과 같은 가져오기


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        mask = attention_mask[:, None, :, None]
        hide = mask == 0
        scores = scores.masked_fill(hide, -1e9)
    return torch.softmax(scores, dim=-1)
