# 실수: 윗줄을 복사해 V 를 Wk 로 만듦
# mistake: copies the K line and builds V with Wk
import math

import torch

def project_qkv(X, Wq, Wk, Wv):
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wk
    return Q, K, V
