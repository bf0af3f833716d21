# 실수: permute(0, 2, 3, 1) 로 d_k 축을 머리 축 앞에 두고 펴서 머리의 좌표가 엇갈려 놓임
# mistake: permutes to (0, 2, 3, 1), putting d_k before the head axis before flattening, so the heads' coordinates interleave
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    B, h, S, d_k = x.shape
    y = x.permute(0, 2, 3, 1).contiguous()   # [B, S, d_k, h]
    return y.view(B, S, h * d_k)
