# 실수: 마스크를 [B, 1, S, 1] 로 세워서 [PAD] 열(Key)이 아니라 [PAD] 줄(Query)을 가립니다. 실제 토큰 줄은 여전히 [PAD] 에 비율을 줍니다.
# mistake: shapes the mask as [B, 1, S, 1], hiding the [PAD] query rows instead of the [PAD] key columns; real-token rows still give weight to [PAD].
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is not None:
        rows = attention_mask.unsqueeze(1).unsqueeze(-1)  # [B, 1, S, 1]
        scores = scores.masked_fill(rows == 0, -1e9)
    return torch.softmax(scores, dim=-1)
