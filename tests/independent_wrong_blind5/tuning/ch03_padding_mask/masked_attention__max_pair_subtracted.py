# 실수: 손으로 쓴 softmax 에서 scores.max(dim=-1, keepdim=True) 가 돌려주는 (values, indices) 짝을 그대로 빼서 오류가 남
# mistake: the hand-written softmax subtracts scores.max(dim=-1, keepdim=True), a (values, indices) pair, which fails
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1e9)
    exps = torch.exp(logits - logits.max(dim=-1, keepdim=True))
    probs = exps / exps.sum(dim=-1, keepdim=True)
    return probs @ value, probs
