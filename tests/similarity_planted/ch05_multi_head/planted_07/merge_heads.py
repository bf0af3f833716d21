import torch


def merge_heads(x):
    # 머리 축을 풀어서 머리들의 좌표를 옆으로 나란히 이어 붙여요
    return torch.cat(x.unbind(dim=1), dim=-1)
