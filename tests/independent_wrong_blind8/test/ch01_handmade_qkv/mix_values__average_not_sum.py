# 실수: 비율을 곱한 V 의 줄들을 더하지 않고 평균내어 결과가 1/S_k 배로 작아짐
# mistake: averages the weighted rows of V instead of summing them, so the result is 1/S_k times too small
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    # 보는 낱말마다: 비율 × V 의 줄들을 모아서 (S_k 축으로) 평균
    weighted = weights.unsqueeze(-1) * V.unsqueeze(-3)   # [..., S_q, S_k, d_v]
    return weighted.mean(dim=-2)
