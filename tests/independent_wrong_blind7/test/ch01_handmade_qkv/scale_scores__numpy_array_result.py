# 실수: 점수표를 numpy 배열로 바꿔 나누므로 torch 텐서가 아니라 numpy 배열을 돌려줍니다
# mistake: converts the scores to a numpy array before dividing, returning a numpy array instead of a torch tensor
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    s = scores.detach().numpy()
    return s / np.sqrt(d_k)
