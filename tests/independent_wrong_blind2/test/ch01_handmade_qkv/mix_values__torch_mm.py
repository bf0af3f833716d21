# 실수: torch.mm 은 2차원 행렬끼리만 곱해서 배치 축이 붙은 입력에서 오류가 납니다. @ 나 torch.matmul 을 쓰세요.
# mistake: torch.mm only multiplies 2-D matrices and fails once a batch axis is present; use @ or torch.matmul.
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return torch.mm(weights, V)
