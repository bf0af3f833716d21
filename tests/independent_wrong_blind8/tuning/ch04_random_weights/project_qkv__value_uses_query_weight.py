# 실수: V 를 X·Wv 가 아니라 X·Wq 로 만듦 (복사해 붙이고 고치지 않음)
# mistake: builds V as X·Wq instead of X·Wv (copied the line and did not change it)
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    Q = torch.matmul(X, Wq)  # 질문 쪽지
    K = torch.matmul(X, Wk)  # 제목표
    V = torch.matmul(X, Wq)  # 내용
    return Q, K, V
