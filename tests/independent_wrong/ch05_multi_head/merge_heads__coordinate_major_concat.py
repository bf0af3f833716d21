# 실수: permute(0, 2, 3, 1) 로 좌표 축을 머리 축 앞에 두고 붙여서, 머리 1 의 결과 다음에 머리 2 가 오지 않고 좌표마다 머리들이 번갈아 놓입니다.
# mistake: Permutes to [B, S, d_k, h] before flattening, so the row interleaves the heads coordinate by coordinate instead of putting head 1's block, then head 2's.
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    B, h, S, d_k = x.shape
    return x.permute(0, 2, 3, 1).reshape(B, S, h * d_k)
