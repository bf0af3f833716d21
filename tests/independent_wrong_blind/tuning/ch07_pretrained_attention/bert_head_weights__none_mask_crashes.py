# 실수: attention_mask 가 None 인지 보지 않고 attention_mask[:, None, None, :] 로 바로 마스크를 만들어, 마스크 없이(기본값 None) 부르면 TypeError 가 납니다.
# mistake: builds the mask with attention_mask[:, None, None, :] without checking for None, so a call without a mask (the default None) raises TypeError.
import math

import torch

from helpers.reference import layer_norm, split_heads  # noqa: F401  (건네받은 셀 그대로)


def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    """hidden [B, S, d], W [d, d] (nn.Linear 꼴), b [d], attention_mask [B, S] → 비율표 [B, h, S, S]."""
    Q = split_heads(hidden @ W_q.T + b_q, num_heads)
    K = split_heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    keep = attention_mask[:, None, None, :].bool()
    scores = torch.where(keep, scores, torch.tensor(-1e9, dtype=scores.dtype))
    return torch.softmax(scores, dim=-1)
