# 실수: softmax 앞에서 -1e9 로 가리지 않고 softmax 뒤의 비율에 마스크를 곱해 줄의 합이 1 이 되지 않음
# mistake: multiplies the weights by the mask after the softmax instead of filling -1e9 before it, so rows no longer sum to 1
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.shape[-1]
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)
    p_attn = torch.softmax(scores, dim=-1)
    if mask is not None:
        p_attn = p_attn * mask   # 가린 자리는 0 으로
    output = p_attn @ value
    return output, p_attn
