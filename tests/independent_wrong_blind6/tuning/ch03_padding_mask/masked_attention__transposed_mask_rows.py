# 실수: 마스크를 transpose(-2, -1) 해 [batch, S, 1] 로 씌워, Key 열이 아니라 Query 줄을 가림
# mistake: transposes the mask to [batch, S, 1] with transpose(-2, -1), so it hides query rows instead of key columns
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    logits = query.matmul(key.transpose(-2, -1)) / query.shape[-1] ** 0.5
    if mask is not None:
        m = mask.transpose(-2, -1)
        logits = logits.masked_fill(m == 0, -1e9)
    probs = logits.softmax(dim=-1)
    return torch.matmul(probs, value), probs
