# 실수: -1e9 가 아니라 -inf 로 가립니다. 한 줄의 Key 가 모두 가려지면 고른 비율 대신 NaN 이 나옵니다.
# mistake: fills masked scores with -inf instead of -1e9, so a row whose keys are all masked becomes NaN instead of uniform.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    scores = query @ key.transpose(-2, -1) / math.sqrt(query.shape[-1])
    if mask is not None:
        blocked = mask == 0
        scores = scores.masked_fill(blocked, float("-inf"))
    probs = scores.softmax(dim=-1)
    return probs @ value, probs
