# 실수: 브로드캐스팅으로 곱한 뒤 Key 축이 아니라 V 의 좌표 축을 따라 더해, 결과가 [..., S_q, S_k] 모양이 됨
# mistake: multiplies by broadcasting and sums over V's coordinate axis instead of the key axis, so the result is [..., S_q, S_k]
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    # [..., S_q, S_k, 1] * [..., 1, S_k, d_v]
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.sum(dim=-1)
