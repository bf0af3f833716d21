# 실수: K.T 로 전치해 배치 축이 있으면 모든 축이 뒤집혀 곱셈이 실패함 (2차원에서만 됨)
# mistake: transposes K with K.T, which reverses every axis, so batched inputs fail (works only in 2-D)
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def score_magnitude(Q, K):
    sc = Q @ K.T
    d_k = Q.shape[-1]
    return sc.abs().mean().item(), (sc / d_k ** 0.5).abs().mean().item()
