# 실수: permute(0, 2, 3, 1) 로 [B, S, d_k, h] 를 만들어 붙임: 머리 결과가 차례로 이어지지 않고 좌표가 머리끼리 번갈아 섞임
# mistake: permutes to [B, S, d_k, h] (permute(0, 2, 3, 1)) before flattening, so the heads' coordinates interleave instead of following one another
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.permute(0, 2, 3, 1).reshape(B, S, h * d_k)
