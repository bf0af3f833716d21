# 실수: torch.mm 은 2차원 행렬끼리만 곱하므로 앞에 배치 축이 붙으면 오류가 납니다.
# mistake: uses torch.mm, which only multiplies 2-D matrices, so any leading batch axis raises an error.
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return torch.mm(weights, V)
