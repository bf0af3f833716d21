# 실수: transpose 없이 바로 reshape(B, S, h·d_k) 해서 모양만 맞고 머리와 자리가 섞였습니다.
# mistake: Reshapes straight to [B, S, h·d_k] without transposing back first: right shape, heads and positions mixed.
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.reshape(B, S, h * d_k)
