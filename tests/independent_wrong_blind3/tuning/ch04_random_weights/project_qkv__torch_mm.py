# 실수: torch.mm 이라 배치 축이 붙으면 오류
# mistake: uses torch.mm, which fails on a batched X
import math

import torch

def project_qkv(X, Wq, Wk, Wv):
    return torch.mm(X, Wq), torch.mm(X, Wk), torch.mm(X, Wv)
