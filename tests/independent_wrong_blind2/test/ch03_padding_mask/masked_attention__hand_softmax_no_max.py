# 실수: softmax 를 손으로 쓰면서 줄의 최댓값을 빼지 않아, 점수가 수백을 넘거나 모든 Key 가 가려진 줄에서 nan 이 납니다.
# mistake: The hand-written softmax does not subtract the row maximum, so scores in the hundreds or fully masked rows give nan.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    scores = query @ key.transpose(-2, -1) / math.sqrt(query.shape[-1])
    if mask is not None:
        hide = mask == 0
        scores = scores.masked_fill(hide, -1e9)
    exps = torch.exp(scores)
    p_attn = exps / exps.sum(dim=-1, keepdim=True)
    return p_attn @ value, p_attn
