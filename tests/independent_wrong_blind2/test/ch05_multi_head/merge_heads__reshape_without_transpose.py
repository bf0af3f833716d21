# 실수: transpose 없이 reshape(B, S, h·d_k) 만 해서, 모양은 맞지만 머리들의 값이 자리를 넘어 섞입니다.
# mistake: reshape(B, S, h·d_k) without the transpose gets the shape but scatters the heads' values across positions.
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.reshape(B, S, h * d_k)
