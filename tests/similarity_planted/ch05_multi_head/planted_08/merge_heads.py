import torch


def merge_heads(x):
    # 머리 축을 풀고 머리들의 좌표를 옆으로 이어 붙이기
    return torch.cat(x.unbind(dim=1), dim=-1)
