# 실수: 넷째 인자 이름을 W_v 로 적고 몸통에서는 Wv 를 써서, 준비 셀의 전역 Wv 로 V 를 만듭니다
# mistake: names the fourth parameter W_v but writes Wv in the body, so V is made with the setup cell's global Wv
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


# (준비 셀에 이미 있는 변수: X, Wq, Wk, Wv, WORDS)
X, Wq, Wk, Wv = data.random_model_inputs()
WORDS = list(data.WORDS)


def project_qkv(X, Wq, Wk, W_v):
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wv
    return Q, K, V
