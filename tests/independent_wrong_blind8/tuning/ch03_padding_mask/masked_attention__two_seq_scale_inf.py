# 실수: 두 실수: d_k 대신 Key 자리 수 key.size(-2) 의 제곱근으로 나누고, 가린 칸을 -inf 로 채워 모두 가려진 줄이 nan 이 됨
# mistake: two mistakes: divides by the root of the key count key.size(-2) instead of d_k, and fills masked cells with -inf so fully masked rows become nan
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    n = key.size(-2)
    s = query @ key.transpose(-2, -1) / n ** 0.5
    if mask is not None:
        s = s.masked_fill(~mask.bool(), -math.inf)
    p = torch.softmax(s, -1)
    return p @ value, p
