import torch


def merge_heads(x):
    # (1) [B, h, S, d_k] -> [B, S, h, d_k]   (2) 끝의 두 축을 한 축으로
    x = torch.permute(x, (0, 2, 1, 3))
    return torch.flatten(x, start_dim=-2)
