# 실수: numpy 로 바꿔 곱해 torch 텐서가 아니라 numpy 배열을 돌려줌
# mistake: converts to numpy to multiply and returns a numpy array instead of a torch tensor
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k]와 [..., S_k, d_v] → [..., S_q, d_v]."""
    w = weights.detach().numpy()
    v = V.detach().numpy()
    return np.matmul(w, v)
