# 실수: transpose(2, 3) 으로 S 와 d_k 를 바꾼 뒤 합쳐, 자리와 좌표가 섞임
# mistake: transposes axes 2 and 3 (S and d_k) before flattening, so positions and coordinates get scrambled
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    B, h, S, d_k = x.shape
    y = x.transpose(2, 3).contiguous()
    return y.view(B, S, h * d_k)
