# 실수: V·weights 로 곱하는 순서를 뒤집어 모양이 맞지 않아 오류가 남
# mistake: multiplies V·weights in the wrong order, so the shapes do not match and it raises
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return V @ weights
