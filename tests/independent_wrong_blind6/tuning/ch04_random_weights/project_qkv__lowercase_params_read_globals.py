# 실수: 인자 이름을 소문자로 바꿔 놓고 몸통에서는 노트북의 전역 X, Wq, Wk, Wv 를 곱함
# mistake: renames the parameters in lower case but multiplies the notebook's global X, Wq, Wk, Wv in the body
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: X, Wq, Wk, Wv)
X, Wq, Wk, Wv = data.random_model_inputs()


def project_qkv(x, wq, wk, wv):
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wv
    return Q, K, V
