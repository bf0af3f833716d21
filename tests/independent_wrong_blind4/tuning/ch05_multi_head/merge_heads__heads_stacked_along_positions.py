# 실수: 머리들을 좌표 축이 아니라 자리 축 (dim=1) 으로 이어 붙임
# mistake: concatenates the heads along the position axis (dim=1) instead of the coordinate axis
import math

import torch  # 텐서


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    return torch.cat([x[:, k] for k in range(x.shape[1])], dim=1)
