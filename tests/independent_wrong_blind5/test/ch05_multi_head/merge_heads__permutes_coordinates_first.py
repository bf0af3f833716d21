# 실수: permute(0, 2, 3, 1) 로 [B, S, d_k, h] 를 만든 뒤 합쳐, 머리들이 이어 붙지 않고 좌표마다 엇갈림
# mistake: permutes to [B, S, d_k, h] before merging, so the heads are interleaved coordinate by coordinate instead of concatenated
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.permute(0, 2, 3, 1).reshape(B, S, h * d_k)
