import torch
def causal_mask(size):
    all_ones = torch.ones(size, size)
    lower_triangle = torch.tril(all_ones)   # 대각선 포함 아래쪽
    return lower_triangle.bool()
