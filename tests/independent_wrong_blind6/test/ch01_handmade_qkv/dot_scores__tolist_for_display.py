# 실수: 보기 좋게 .tolist() 로 바꿔 텐서 대신 중첩 리스트를 돌려줌
# mistake: returns .tolist() of the scores, a nested Python list instead of a tensor
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    table = Q @ K.transpose(-2, -1)
    return table.tolist()
