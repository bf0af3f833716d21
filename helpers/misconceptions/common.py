"""Wrong building blocks that more than one chapter's catalogue varies: a written-out multi-head attention
(never calling helpers.reference) with one step changeable, used by ch05's variants of
multi_head_attention and by ch06's encoder-layer variants. Not a chapter: no MISCONCEPTIONS here.
"""

from __future__ import annotations

import math

import torch

from helpers.reference import MASK_FILL


def heads_apart(t, num_heads):
    B, S, d_model = t.shape
    return t.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)  # [B, h, S, d_k]


def heads_together(t):
    h, S, d_k = t.shape[-3:]  # any leading dims, like the course's merge_heads a composite is graded with
    return t.transpose(-3, -2).contiguous().view(*t.shape[:-3], S, h * d_k)


def mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, *, split=heads_apart, merge=heads_together,
        divisor=lambda Q, K: math.sqrt(Q.size(-1)), hide=lambda mask: torch.as_tensor(mask) == 0, fill=MASK_FILL,
        project=lambda t, W: t @ W, output_weight=True, average_weights=False, softmax_dim=-1,
        mask_after_softmax=False, reshape_mask=lambda mask: mask):
    """The reference multi-head attention with one step changeable; `divisor(Q, K)` is what the scores are
    divided by."""
    Q, K, V = (split(project(t, W), num_heads) for t, W in ((query, W_q), (key, W_k), (value, W_v)))
    scores = Q @ K.transpose(-2, -1) / divisor(Q, K)  # [B, h, S_q, S_k]
    if mask is not None and not mask_after_softmax:
        scores = torch.where(hide(reshape_mask(mask)), fill, scores)
    p_attn = torch.softmax(scores, dim=softmax_dim)
    if mask is not None and mask_after_softmax:
        p_attn = torch.where(hide(reshape_mask(mask)), 0.0, p_attn)
    output = merge(p_attn @ V)
    if output_weight:
        output = output @ W_o
    return output, p_attn.mean(dim=1) if average_weights else p_attn
