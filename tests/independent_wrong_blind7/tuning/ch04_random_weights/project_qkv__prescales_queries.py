# 실수: Q 만 미리 √d_out 으로 나눠 돌려줍니다 (점수를 줄이려고)
# mistake: divides Q alone by √d_out in advance (to keep the scores small)
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv)"""
    Q = (X @ Wq) / math.sqrt(Wq.shape[1])   # 점수가 커지지 않게 미리
    K = X @ Wk
    V = X @ Wv
    return Q, K, V
