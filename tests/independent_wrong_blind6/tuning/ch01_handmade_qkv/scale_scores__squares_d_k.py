# 실수: 제곱근 대신 제곱 d_k ** 2 로 나눔
# mistake: divides by d_k ** 2 (the square) instead of the square root
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    return scores / (d_k ** 2)
