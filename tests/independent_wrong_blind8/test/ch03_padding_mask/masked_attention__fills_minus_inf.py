# 실수: 가린 칸을 -1e9 가 아니라 -inf 로 채워 모든 Key 가 가려진 줄이 nan 이 됨
# mistake: fills masked cells with -inf instead of -1e9, so a row whose keys are all masked becomes nan
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = (query @ key.mT) * (1.0 / math.sqrt(d_k))
    if mask is not None:
        logits = logits.masked_fill(mask == 0, float("-inf"))
    probs = torch.softmax(logits, dim=-1)
    return probs @ value, probs
