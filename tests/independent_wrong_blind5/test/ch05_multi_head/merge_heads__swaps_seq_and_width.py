# 실수: transpose(1, 2) 대신 transpose(-2, -1) 로 자리와 좌표를 바꾼 뒤 reshape 해, 값의 자리가 섞임
# mistake: swaps the position and coordinate axes with transpose(-2, -1) instead of transpose(1, 2) before reshaping, so values are scrambled
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.transpose(-2, -1).reshape(B, S, h * d_k)
