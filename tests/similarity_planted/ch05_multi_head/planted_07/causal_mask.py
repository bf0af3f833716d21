import torch


def causal_mask(size):
    # 대각선까지 아래쪽이 1 인 표를 만들고, 0 보다 큰 칸만 True 로 해요
    return torch.tril(torch.ones(size, size)) > 0
