# 실수: 머리들을 자리 축 (dim=1) 으로 이어 붙여 [B, h·S, d_k] 를 돌려줍니다
# mistake: concatenates the heads along the position axis (dim=1), returning [B, h·S, d_k]
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    heads = x.unbind(dim=1)             # 머리마다 [B, S, d_k]
    return torch.cat(heads, dim=1)
