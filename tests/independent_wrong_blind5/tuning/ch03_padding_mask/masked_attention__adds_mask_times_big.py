# 실수: 점수에 mask × (-1e9) 를 더해, 볼 수 있는 칸 (True/1) 을 가리고 패딩은 남김
# mistake: adds mask × (-1e9) to the scores, which hides the cells that may be attended (True/1) and keeps the padding
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    logits = query.matmul(key.transpose(-2, -1)) / query.shape[-1] ** 0.5
    if mask is not None:
        logits = logits + mask * -1e9
    probs = torch.softmax(logits, dim=-1)
    return torch.matmul(probs, value), probs
