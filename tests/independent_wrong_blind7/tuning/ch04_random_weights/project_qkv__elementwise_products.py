# 실수: 행렬 곱 `@` 대신 같은 자리끼리 곱하는 `*` 를 써서, [S, d_in] 과 [d_in, d_out] 이 맞지 않아 오류가 납니다
# mistake: uses the elementwise * instead of the matrix product @, which fails because [S, d_in] and [d_in, d_out] do not broadcast
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    q = X * Wq
    k = X * Wk
    v = X * Wv
    return q, k, v
