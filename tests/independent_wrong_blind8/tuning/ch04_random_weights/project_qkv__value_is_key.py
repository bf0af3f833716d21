# 실수: 1강처럼 V = K 로 두어 Wv 를 쓰지 않음
# mistake: sets V = K as in chapter 1, never using Wv
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = X @ Wq
    K = X @ Wk
    V = K  # 1강에서처럼 내용 = 제목표
    return Q, K, V
