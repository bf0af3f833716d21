# 실수: 머리들을 dim=1 (자리 축)으로 이어 붙여 [B, h·S, d_k] 가 됩니다. 좌표 축(dim=-1)으로 붙여야 합니다.
# mistake: The heads are concatenated along dim=1, the position axis, giving [B, h·S, d_k]; they go along the coordinate axis (dim=-1).
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    heads = [x[:, i] for i in range(x.shape[1])]
    return torch.cat(heads, dim=1)
