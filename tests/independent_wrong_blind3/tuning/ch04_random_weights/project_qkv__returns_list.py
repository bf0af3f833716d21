# 실수: 튜플이 아니라 리스트로 돌려줌
# mistake: returns a list instead of a tuple
import math

import torch

def project_qkv(X, Wq, Wk, Wv):
    return [X @ W for W in (Wq, Wk, Wv)]
