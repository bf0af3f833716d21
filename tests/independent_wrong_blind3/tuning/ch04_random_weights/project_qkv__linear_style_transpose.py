# 실수: nn.Linear 습관으로 가중치를 전치해 X @ W.T
# mistake: transposes the weights out of nn.Linear habit, X @ W.T
import math

import torch

def project_qkv(X, Wq, Wk, Wv):
    return X @ Wq.T, X @ Wk.T, X @ Wv.T
