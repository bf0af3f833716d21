# 실수: torch.mm 을 써서 배치 축이 붙으면 오류
# mistake: uses torch.mm, which fails once a batch axis is present
import torch

def mix_values(weights, V):
    return torch.mm(weights, V)
