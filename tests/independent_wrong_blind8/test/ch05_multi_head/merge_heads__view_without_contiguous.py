# 실수: transpose 뒤에 contiguous() 없이 바로 view 를 불러 오류가 남
# mistake: calls view right after transpose without contiguous(), which raises
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).view(B, S, h * d_k)
