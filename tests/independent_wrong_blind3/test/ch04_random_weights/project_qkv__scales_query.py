# 실수: Q 를 미리 √d 로 나눠 둠
# mistake: divides Q by √d ahead of the scores
import math

import torch

def project_qkv(X, Wq, Wk, Wv):
    Q = X @ Wq / math.sqrt(Wq.shape[-1])
    return Q, X @ Wk, X @ Wv
