# 실수: 가린 칸의 점수를 -1e9 가 아니라 0 으로 바꿔 [PAD] 에도 비율이 감
# mistake: sets masked scores to 0 instead of -1e9, so [PAD] keys still get weight
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, 0.0)
    probs = torch.softmax(logits, dim=-1)
    return probs @ value, probs
