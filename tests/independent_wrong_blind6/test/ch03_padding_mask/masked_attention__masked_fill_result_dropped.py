# 실수: scores.masked_fill(...) 의 결과를 변수에 담지 않아, 마스크가 아무 영향이 없음
# mistake: calls scores.masked_fill(...) without assigning the result, so the mask has no effect
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.size(-1)
    att = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        att.masked_fill(mask == 0, -1e9)   # 가린 칸을 -1e9 로
    p_attn = torch.softmax(att, dim=-1)
    output = p_attn @ value
    return output, p_attn
