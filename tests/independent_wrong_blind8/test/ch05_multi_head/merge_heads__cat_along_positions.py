# 실수: 머리들을 좌표 축이 아니라 자리 축(dim=1)으로 이어 붙여 [B, h·S, d_k] 를 돌려줌
# mistake: concatenates the heads along the position axis (dim=1) instead of the coordinate axis, returning [B, h·S, d_k]
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    heads = [x[:, i] for i in range(x.size(1))]  # 머리마다 [B, S, d_k]
    return torch.cat(heads, dim=1)
