# 실수: K.t() 로 전치해, 배치 축이 붙은 3차원 이상의 입력에서는 오류가 남 (2차원에서만 됨)
# mistake: transposes K with K.t(), which only accepts 2-D tensors, so batched inputs raise
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    # 점수표 = Q 곱하기 K 전치
    return torch.matmul(Q, K.t())
