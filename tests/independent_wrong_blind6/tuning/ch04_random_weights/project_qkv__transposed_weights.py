# 실수: 가중치를 전치해 X @ W.T 로 곱함 ([d_in, d_out] 가중치를 nn.Linear 처럼 다룸)
# mistake: multiplies by the transposed weights, X @ W.T, treating [d_in, d_out] weights like nn.Linear's
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    Q = X @ Wq.T
    K = X @ Wk.T
    V = X @ Wv.T
    return Q, K, V
