# 실수: 머리들을 이어 붙이지 않고 머리 축으로 평균해 [B, S, d_k] 를 돌려줌
# mistake: averages over the head axis instead of concatenating, returning [B, S, d_k]
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    # 머리 h 개의 결과를 하나로 합치기
    return x.mean(dim=1)
