# 실수: flatten 을 2 가 아니라 1 부터 해, 자리 축까지 합친 [B, S·h·d_k] 가 됨
# mistake: flattens from axis 1 instead of 2, merging the position axis too into [B, S·h·d_k]
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    return x.transpose(1, 2).flatten(1)
