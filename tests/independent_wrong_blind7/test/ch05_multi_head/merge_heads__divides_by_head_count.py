# 실수: 바르게 이어 붙인 뒤 크기를 맞춘다며 머리 수 h 로 나누므로, 모든 값이 1/h 배입니다
# mistake: concatenates correctly but then divides by the number of heads h to keep the scale, so every value is 1/h times the right one
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    n_heads = x.size(1)
    merged = x.permute(0, 2, 1, 3).flatten(start_dim=2)   # [B, S, h·d_k]
    return merged / n_heads
