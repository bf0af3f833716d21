# 실수: K 도 Wq 로 곱해 Wk 가 아무 영향이 없음
# mistake: computes K with Wq as well, so Wk has no effect
import math

import numpy as np  # 배열
import pandas as pd  # 표
import torch  # 텐서

from helpers import data


def project_qkv(X, Wq, Wk, Wv):
    q = torch.matmul(X, Wq)
    k = torch.matmul(X, Wq)
    v = torch.matmul(X, Wv)
    return q, k, v
