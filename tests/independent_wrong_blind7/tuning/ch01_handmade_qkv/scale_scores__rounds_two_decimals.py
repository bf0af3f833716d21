# 실수: 강의의 표처럼 나눈 값을 소수 둘째 자리로 반올림해 돌려줍니다
# mistake: rounds the divided scores to two decimals, like the lecture's table
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    scaled = scores / np.sqrt(d_k)
    return scaled.round(decimals=2)   # 강의 표처럼 소수 둘째 자리
