# 실수: 튜플이 아니라 리스트 [Q, K, V] 를 돌려줌
# mistake: returns a list [Q, K, V] instead of a tuple
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return [X @ W for W in [Wq, Wk, Wv]]
