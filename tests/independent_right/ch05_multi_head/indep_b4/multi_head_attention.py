import math

import torch
import torch.nn.functional as F


def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    """Multi-head attention: project -> split -> scaled dot product per head -> merge -> W_o.

    Returns (output [B, S_q, d_model], p_attn [B, h, S_q, S_k]); mask True/1 = visible.
    """
    if query.dim() != 3 or key.dim() != 3 or value.dim() != 3:
        raise ValueError("query, key, value 는 모두 [B, S, d_model] 3차원이어야 합니다.")
    if key.shape[:2] != value.shape[:2]:
        raise ValueError(f"key 와 value 의 [B, S_k] 가 다릅니다: {tuple(key.shape)}, {tuple(value.shape)}")
    d_model = query.shape[-1]
    for name, W in (("W_q", W_q), ("W_k", W_k), ("W_v", W_v), ("W_o", W_o)):
        if W.shape != (d_model, d_model):
            raise ValueError(f"{name} 는 [{d_model}, {d_model}] 이어야 합니다. 지금: {tuple(W.shape)}")

    q_heads = split_heads(query @ W_q, num_heads)  # [B, h, S_q, d_k]
    k_heads = split_heads(key @ W_k, num_heads)    # [B, h, S_k, d_k]
    v_heads = split_heads(value @ W_v, num_heads)  # [B, h, S_k, d_k]
    head_dim = q_heads.shape[-1]

    scores = torch.matmul(q_heads, k_heads.transpose(-2, -1)) / math.sqrt(head_dim)
    if mask is not None:
        visible = mask.to(torch.bool)                  # accepts bool or 0/1, shape used as given
        scores = scores.masked_fill(visible.logical_not(), -1e9)

    weights = F.softmax(scores, dim=-1)                 # [B, h, S_q, S_k]
    context = torch.matmul(weights, v_heads)            # [B, h, S_q, d_k]
    output = merge_heads(context) @ W_o                # [B, S_q, d_model]

    assert torch.isfinite(weights).all(), "비율표에 nan/inf 가 있습니다."
    return output, weights
