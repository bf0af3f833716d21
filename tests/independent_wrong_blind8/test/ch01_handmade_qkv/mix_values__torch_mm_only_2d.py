# 실수: torch.mm 을 써서 2차원에서만 되고 배치 축이 붙으면 오류가 남
# mistake: uses torch.mm, which works only in 2-D and raises once batch axes are added
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    mixed = torch.mm(weights, V)  # 비율표 × 내용
    return mixed
