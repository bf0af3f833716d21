# 실수: 비율표를 전치해 weightsᵀ·V 로 섞어 줄이 아니라 열의 비율로 섞음
# mistake: transposes the weight table and mixes with weightsᵀ·V, using columns instead of rows as the proportions
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights.transpose(-2, -1) @ V
