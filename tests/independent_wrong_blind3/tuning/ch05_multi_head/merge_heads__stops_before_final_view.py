# 실수: transpose 만 하고 마지막 두 축을 붙이지 않아 [B, S, h, d_k]
# mistake: transposes back but never joins the last two axes, returning [B, S, h, d_k]
import math

import torch


def merge_heads(x):
    return x.transpose(1, 2).contiguous()
