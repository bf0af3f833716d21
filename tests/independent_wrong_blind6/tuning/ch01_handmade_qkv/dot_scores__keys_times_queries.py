# 실수: K·Qᵀ 로 곱해, 줄이 Key 이고 열이 Query 인 뒤집힌 점수표를 돌려줌
# mistake: computes K·Qᵀ, so rows are keys and columns are queries (the table comes out flipped)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    return K @ Q.transpose(-2, -1)
