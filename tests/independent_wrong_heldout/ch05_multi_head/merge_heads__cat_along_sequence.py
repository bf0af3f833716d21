# 실수: 머리들을 좌표 축이 아니라 자리 축(dim=1)으로 이어 붙여 [B, h·S, d_k] 가 됨
# mistake: concatenates the heads along the sequence axis (dim=1), giving [B, h·S, d_k] instead of [B, S, h·d_k]
import torch


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    heads = [x[:, k] for k in range(x.size(1))]  # 머리마다 [B, S, d_k]
    return torch.cat(heads, dim=1)
