# 실수: 머리들을 이어 붙이지 않고 평균해서 [B, S, d_k] 가 나옵니다.
# mistake: The heads are averaged instead of concatenated, giving [B, S, d_k].
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    return x.mean(dim=1)
