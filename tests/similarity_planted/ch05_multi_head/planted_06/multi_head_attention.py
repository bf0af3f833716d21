import torch

import math
import torch.nn.functional as F


def _to_heads(seq, weight, n):
    return split_heads(seq @ weight, n)  # [B, h, S, d_k]


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """Multi-head attention: project -> split -> scaled dot product per head -> merge -> W_o.

    Returns (output [B, S_q, d_model], p_attn [B, h, S_q, S_k]); mask True/1 = visible.
    """
    if key.shape[:2] != value.shape[:2]:
        raise ValueError(f"key 와 value 의 [B, S_k] 가 다릅니다: {tuple(key.shape)}, {tuple(value.shape)}")
    if query.dim() != 3 or key.dim() != 3 or value.dim() != 3:
        raise ValueError("query, key, value 는 모두 [B, S, d_model] 3차원이어야 합니다.")
    width = query.shape[-1]
    for label, mat in (("W_q", W_q), ("W_k", W_k), ("W_v", W_v), ("W_o", W_o)):
        if mat.shape != (width, width):
            raise ValueError(f"{label} 는 [{width}, {width}] 이어야 합니다. 지금: {tuple(mat.shape)}")

    vh = _to_heads(value, W_v, num_heads)
    kh = _to_heads(key, W_k, num_heads)
    qh = _to_heads(query, W_q, num_heads)
    hd = qh.shape[-1]

    logits = torch.matmul(qh, kh.transpose(-2, -1)) / math.sqrt(hd)
    if mask is not None:
        keep = mask.to(torch.bool)                  # accepts bool or 0/1, shape used as given
        logits = logits.masked_fill(keep.logical_not(), -1e9)

    probs = F.softmax(logits, dim=-1)                # [B, h, S_q, S_k]
    mixed = torch.matmul(probs, vh)                  # [B, h, S_q, d_k]
    out = merge_heads(mixed) @ W_o                   # [B, S_q, d_model]

    assert torch.isfinite(probs).all(), "비율표에 nan/inf 가 있습니다."
    return out, probs
