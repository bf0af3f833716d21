# 실수: 세 곱을 괄호로 감싼 생성기 식 `(X @ W for W in …)` 으로 돌려주어, 튜플이 아니라 generator 가 나옵니다
# mistake: returns the generator expression (X @ W for W in …) instead of a tuple
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    return (X @ W for W in (Wq, Wk, Wv))
