import math

import torch
import torch.nn.functional as F
from torch import Tensor


def _project_and_split(x: Tensor, W: Tensor, num_heads: int) -> Tensor:
    return split_heads(torch.matmul(x, W), num_heads)


def _masked(scores: Tensor, mask) -> Tensor:
    if mask is None:
        return scores
    # keep the mask's own shape and let it broadcast; -1e9 (not -inf) keeps fully masked rows finite
    return scores.masked_fill(torch.logical_not(mask.bool()), -1e9)


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """Project, split into heads, attend per head, merge, then W_o.

    Returns (output [B, S_q, d_model], p_attn [B, h, S_q, S_k]).
    """
    Qh = _project_and_split(query, W_q, num_heads)
    Kh = _project_and_split(key, W_k, num_heads)
    Vh = _project_and_split(value, W_v, num_heads)

    d_k = Qh.size(-1)
    scores = torch.div(torch.matmul(Qh, torch.transpose(Kh, -2, -1)), math.sqrt(d_k))
    p_attn = F.softmax(_masked(scores, mask), dim=-1)

    context = merge_heads(torch.matmul(p_attn, Vh))
    return torch.matmul(context, W_o), p_attn
