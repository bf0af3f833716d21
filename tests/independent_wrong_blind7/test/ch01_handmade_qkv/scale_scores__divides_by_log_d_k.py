# 실수: √d_k 대신 자연로그 ln d_k 로 나눕니다
# mistake: divides by the natural log ln d_k instead of √d_k
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    return scores / np.log(d_k)
