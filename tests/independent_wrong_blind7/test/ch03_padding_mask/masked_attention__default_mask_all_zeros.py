# 실수: mask 가 None 이면 '가릴 칸 없음' 이라며 0 으로 찬 마스크를 만드는데, 과정의 약속 (0 = 가림) 으로 읽어 모든 칸을 가리므로, 마스크 없이 부르면 줄마다 고른 비율이 됩니다
# mistake: for mask=None it builds an all-zero mask meaning 'nothing hidden', then reads it by the course's rule (0 = hidden), so without a mask every row becomes uniform
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    scores_ = query @ key.transpose(-2, -1) / math.sqrt(query.size(-1))
    if mask is None:
        mask = torch.zeros_like(scores_)   # 가릴 칸 없음
    scores_ = scores_.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(scores_, dim=-1)
    return weights @ value, weights
