import torch


def causal_mask(size):
    # (1) 줄 번호 - 열 번호 >= 0 인 칸 = 대각선과 그 아래
    idx = torch.arange(size)
    return torch.ge(idx.view(-1, 1) - idx.view(1, -1), 0)
