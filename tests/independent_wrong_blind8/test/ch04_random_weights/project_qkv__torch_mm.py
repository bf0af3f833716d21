# 실수: torch.mm 으로 곱해 2차원에서만 되고 배치 축이 붙은 X 에서 오류가 남
# mistake: multiplies with torch.mm, which works only in 2-D and raises for X with batch axes
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    """(Q, K, V) = (X @ Wq, X @ Wk, X @ Wv): [..., S, d_in]와 [d_in, d_out] → 각각 [..., S, d_out]."""
    return tuple(torch.mm(X, W) for W in (Wq, Wk, Wv))
