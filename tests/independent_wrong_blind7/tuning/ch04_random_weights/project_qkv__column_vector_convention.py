# 실수: 책의 Q = W·x 꼴을 따라 X 를 전치해 `Wᵀ @ Xᵀ` 로 곱하므로, X 의 줄과 열이 바뀐 [..., d_out, S] 가 나옵니다
# mistake: follows the textbook form Q = W·x and computes Wᵀ @ Xᵀ with X transposed, returning [..., d_out, S] with rows and columns swapped
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    # 책의 식 Q = W·x 를 그대로: 열 벡터 하나가 낱말 하나
    Xt = X.transpose(-2, -1)            # [..., d_in, S]
    return Wq.T @ Xt, Wk.T @ Xt, Wv.T @ Xt
