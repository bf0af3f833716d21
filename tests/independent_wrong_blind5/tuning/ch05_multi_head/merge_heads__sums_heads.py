# 실수: 머리들을 이어 붙이지 않고 머리 축으로 더해 [B, S, d_k] 가 됨
# mistake: sums over the head axis instead of concatenating the heads, giving [B, S, d_k]
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    return x.sum(dim=1)
