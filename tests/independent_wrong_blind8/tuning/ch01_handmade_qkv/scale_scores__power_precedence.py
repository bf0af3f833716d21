# 실수: d_k ** 1/2 로 써서 연산 순서 때문에 (d_k ** 1) / 2, 곧 d_k/2 로 나눔
# mistake: writes d_k ** 1/2, which by precedence is (d_k ** 1) / 2, so it divides by d_k/2
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    root = d_k ** 1/2   # 제곱근
    return scores / root
