# 실수: V 를 전치해 weights @ Vᵀ 로 곱함
# mistake: multiplies weights by V transposed, weights @ Vᵀ
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    return weights @ V.transpose(-2, -1)
