# 실수: q와 k의 좌표를 곱하지 않고 더한 뒤 합을 냅니다 (Σ (q_i + k_i))
# mistake: adds the coordinates of q and k instead of multiplying them, returning Σ (q_i + k_i)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    return (Q.unsqueeze(-2) + K.unsqueeze(-3)).sum(-1)
