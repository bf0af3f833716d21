# 실수: 가중치를 nn.Linear 처럼 여겨 X @ W.T 로 곱함 (가중치는 [d_in, d_out] 이라 전치하지 않아야 함)
# mistake: treats the weights like nn.Linear and multiplies X @ W.T (they are [d_in, d_out] and must not be transposed)
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = X @ Wq.T
    K = X @ Wk.T
    V = X @ Wv.T
    return Q, K, V
