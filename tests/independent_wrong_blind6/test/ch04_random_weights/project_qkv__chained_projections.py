# 실수: K 를 Q 에서, V 를 K 에서 이어 곱해 (Q·Wk, K·Wv) X 대신 앞 결과를 투영함
# mistake: chains the projections (K = Q·Wk, V = K·Wv), projecting the previous result instead of X
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    Q = X @ Wq
    K = Q @ Wk
    V = K @ Wv
    return (Q, K, V)
