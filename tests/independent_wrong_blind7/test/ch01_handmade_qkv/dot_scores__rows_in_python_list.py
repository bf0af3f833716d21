# 실수: Q 의 줄마다 `q @ K.transpose(-2, -1)` 을 계산해 파이썬 리스트에 모아 돌려주므로, 텐서가 아니라 리스트가 나옵니다
# mistake: computes q @ K.transpose(-2, -1) for each row of Q and returns the Python list of them instead of a tensor
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    Kt = K.transpose(-2, -1)
    return [q @ Kt for q in Q]   # 보는 낱말마다 한 줄씩
