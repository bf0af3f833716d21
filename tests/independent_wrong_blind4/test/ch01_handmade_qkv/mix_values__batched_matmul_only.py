# 실수: torch.bmm 을 써서 3차원에서만 됨 (2차원·4차원에서 오류)
# mistake: uses torch.bmm, which only takes 3-D inputs (2-D and 4-D raise)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return torch.bmm(weights, V)
