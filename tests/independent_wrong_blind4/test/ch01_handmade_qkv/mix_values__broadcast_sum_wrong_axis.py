# 실수: 브로드캐스팅으로 곱한 뒤 Key 축이 아니라 좌표 축으로 더함
# mistake: broadcasts the product and sums over the coordinate axis instead of the key axis
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-1)
