# 실수: torch.mm 은 2차원끼리만 되므로 배치 축이 붙으면 오류가 납니다. @ (torch.matmul) 를 써야 합니다.
# mistake: Uses torch.mm, which only works for 2-D tensors, so any leading batch dimension fails.
import torch

def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return torch.mm(weights, V)
